import { Suspense, type ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import type { ConsoleSession } from '#shared/console/sign-in.ts';
import { FormMessage } from '../../components/form/FormMessage';
import { useSubmission } from '../../components/form/use-submission';
import { ConfirmButton } from '../kit/ConfirmButton';
import { forgetKeptTyping, hasKeptTyping } from '../kit/kept-typing';
import { CONSOLE_SCREENS } from '../screens/registry';
import { useSession } from '../session/session';
import { ConsoleMasthead } from './ConsoleMasthead';

const SIGN_OUTS = [
  { label: 'Sign out', everywhere: false },
  { label: 'Sign out everywhere', everywhere: true },
];

/** The signed-in frame: the owner's address and sign-out, the screens' navigation, the screen. */
export function ConsoleLayout({ session, children }: { session: ConsoleSession; children: ReactNode }) {
  const { signOut } = useSession();
  const leaving = useSubmission();
  const leave = (everywhere: boolean) =>
    void leaving.submit(async () => {
      await signOut(everywhere);
      forgetKeptTyping(session.owner);
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
            {SIGN_OUTS.map(({ label, everywhere }) => (
              <ConfirmButton
                key={label}
                label={label}
                question="What you typed and did not save (a note, a campaign, a post) is deleted from this browser when you sign out. Sign out anyway?"
                confirm={`Yes, ${label.toLowerCase()}`}
                disabled={leaving.pending}
                needsAsking={() => hasKeptTyping(session.owner)}
                onConfirm={() => leave(everywhere)}
              />
            ))}
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
