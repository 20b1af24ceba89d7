import { lazy, Suspense } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { ConsoleLayout } from './layout/ConsoleLayout';
import { ScreenErrorBoundary } from './layout/ScreenErrorBoundary';
import { CONSOLE_SCREENS } from './screens/registry';
import { SessionProvider, useSession } from './session/session';

// The sign-in screens carry the passkey library and the form code; an owner already signed in
// never runs them (they are in the console's one file, evaluated only when shown).
const EnrolScreen = lazy(() => import('./sign-in/EnrolScreen').then((module) => ({ default: module.EnrolScreen })));
const SignInScreen = lazy(() => import('./sign-in/SignInScreen').then((module) => ({ default: module.SignInScreen })));

/** The console's routes, under /admin: the enrolment page, and every screen behind the sign-in. */
export function ConsoleApp() {
  return (
    <SessionProvider>
      <Routes>
        <Route
          path="enrol"
          element={
            <Suspense fallback={null}>
              <EnrolScreen />
            </Suspense>
          }
        />
        <Route path="*" element={<ConsoleFrame />} />
      </Routes>
    </SessionProvider>
  );
}

function ScreenRoutes() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary key={pathname.split('/')[1]}>
      <Routes>
        <Route index element={<Navigate to={CONSOLE_SCREENS[0]!.path} replace />} />
        {CONSOLE_SCREENS.map(({ path, Screen }) => (
          <Route key={path} path={`${path}/*`} element={<Screen />} />
        ))}
        <Route path="*" element={<NoSuchScreen />} />
      </Routes>
    </ScreenErrorBoundary>
  );
}

function NoSuchScreen() {
  return (
    <>
      <h1>There is no such screen</h1>
      <p>
        The console has no page at this address. <Link to="/">Go to the console&apos;s first screen</Link>.
      </p>
    </>
  );
}

/**
 * The screens behind the sign-in. When a call finds the session ended (401), the sign-in screen
 * shows and the screens stay mounted but hidden: after the sign-in the owner is back on the same
 * screen with whatever they had typed. A deliberate sign-out unmounts them. Keyed by the owner,
 * so another owner signing in on this device never sees what the first one had open.
 */
function ConsoleFrame() {
  const { state } = useSession();
  if (state.status === 'checking') {
    return (
      <p className="console-loading" role="status">
        Checking whether you are signed in…
      </p>
    );
  }
  const session = state.status === 'signed-in' ? state.session : state.interrupted;
  return (
    <>
      {state.status === 'signed-out' && (
        <Suspense fallback={null}>
          <SignInScreen notice={state.notice} />
        </Suspense>
      )}
      {session && (
        <div key={session.owner} hidden={state.status !== 'signed-in'} className="console-frame">
          <ConsoleLayout session={session}>
            <ScreenRoutes />
          </ConsoleLayout>
        </div>
      )}
    </>
  );
}
