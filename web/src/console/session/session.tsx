import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { CONSOLE_AUTH_ROUTES, type ConsoleSession, type SessionCheck } from '#shared/console/sign-in.ts';
import { RequestError } from '../../lib/api-client';
import { consoleRequest, onSessionEnded } from '../client/console-client';
import { dropEarly } from '../client/early-answers';
import { rememberSignedIn } from './signed-in-hint';

/** Shown on the sign-in screen when the API said the session had ended under an open screen. */
export const SESSION_ENDED_NOTICE =
  'Your session has ended. Sign in again to carry on: the screen you were on, and anything you typed, is kept.';

export type SessionState =
  | { status: 'checking' }
  | { status: 'signed-in'; session: ConsoleSession }
  | {
      status: 'signed-out';
      /** A plain-words note above the sign-in (e.g. the session ended, or "You are signed out."). */
      notice?: string;
      /** The session that ended under an open screen: its screens stay mounted, hidden, until sign-in. */
      interrupted?: ConsoleSession;
    };

interface SessionValue {
  state: SessionState;
  /** A ceremony signed the owner in (the API set the cookie). */
  signedIn(session: ConsoleSession): void;
  /** Ends this session (or every session of the owner) and returns the API's words. */
  signOut(everywhere: boolean): Promise<void>;
}

const SessionContext = createContext<SessionValue | null>(null);

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a SessionProvider above it');
  return value;
}

/**
 * Who is signed in, as the API says: asked once on load (GET session), changed by a sign-in, a
 * sign-out, or any 401 of any call (client/console-client.ts). The cookie itself is HttpOnly: the page
 * never sees it, only what the API answers.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ status: 'checking' });

  useEffect(() => {
    const controller = new AbortController();
    const signedOut = (notice?: string) => {
      // What the opening screen's data preload got is not for the screens after a sign-in.
      dropEarly();
      setState({ status: 'signed-out', notice });
    };
    consoleRequest<SessionCheck>(CONSOLE_AUTH_ROUTES.session, { signal: controller.signal }).then(
      (check) => ('signedIn' in check ? signedOut() : setState({ status: 'signed-in', session: check })),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // A failure to check is said in plain words on the sign-in screen.
        signedOut(error instanceof RequestError ? error.message : undefined);
      },
    );
    return () => controller.abort();
  }, []);

  // The hint for the next visit's early reads (signed-in-hint.ts): what the API said last.
  useEffect(() => {
    if (state.status !== 'checking') rememberSignedIn(state.status === 'signed-in');
  }, [state.status]);

  useEffect(
    () =>
      onSessionEnded(() =>
        setState((current) =>
          current.status === 'signed-in'
            ? { status: 'signed-out', notice: SESSION_ENDED_NOTICE, interrupted: current.session }
            : current,
        ),
      ),
    [],
  );

  const signedIn = useCallback((session: ConsoleSession) => setState({ status: 'signed-in', session }), []);

  const signOut = useCallback(async (everywhere: boolean) => {
    const route = everywhere ? CONSOLE_AUTH_ROUTES.signOutEverywhere : CONSOLE_AUTH_ROUTES.signOut;
    const { message } = await consoleRequest<{ message: string }>(route);
    // A deliberate sign-out closes the screens too: nothing of them stays in the page.
    setState({ status: 'signed-out', notice: message });
  }, []);

  const value = useMemo(() => ({ state, signedIn, signOut }), [state, signedIn, signOut]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
