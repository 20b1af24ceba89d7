import { Suspense, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { ConsoleSession } from '#shared/console-api.ts';
import { FormMessage } from '../../components/form/FormMessage';
import { useSubmission } from '../../components/form/use-submission';
import { CONSOLE_SCREENS } from '../screens';
import { useSession } from '../session';
import { ConsoleMasthead } from './ConsoleMasthead';

/** The signed-in frame: the owner's address and sign-out, the screens' navigation, the screen. */
export function ConsoleLayout({ session, children }: { session: ConsoleSession; children: ReactNode }) {
  const { signOut } = useSession();
  const leaving = useSubmission();
  const leave = (everywhere: boolean) =>
    void leaving.submit(async () => {
      await signOut(everywhere);
      return '';
    });

  return (
    <>
      <ConsoleMasthead>
        <div className="console-owner">
          <p className="console-owner__address">
            <span className="visually-hidden">Signed in as </span>
            {session.owner}
          </p>
          <div className="console-owner__actions">
            <button
              type="button"
              className="button button--secondary"
              disabled={leaving.pending}
              onClick={() => leave(false)}
            >
              Sign out
            </button>
            <button
              type="button"
              className="button button--secondary"
              disabled={leaving.pending}
              onClick={() => leave(true)}
            >
              Sign out everywhere
            </button>
          </div>
        </div>
      </ConsoleMasthead>
      {leaving.outcome?.kind === 'error' && <FormMessage kind="error" text={leaving.outcome.text} />}
      <nav className="console-nav" aria-label="Console">
        <ul>
          {CONSOLE_SCREENS.map(({ path, label }) => (
            <li key={path}>
              {/* Absolute (under the /admin basename): a relative link would resolve from a screen's own sub-path. */}
              <NavLink to={`/${path}`} className="console-nav__link">
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main className="console-main">
        <Suspense fallback={<p role="status">Opening the screen…</p>}>{children}</Suspense>
      </main>
    </>
  );
}
