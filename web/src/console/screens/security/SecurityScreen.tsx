import { useCallback, useEffect, useState } from 'react';
import type { PasskeySummary } from '#shared/console/security.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { errorText } from '#web/src/lib/api-client.ts';
import { PasskeyList } from './PasskeyList';
import { ownPasskeys } from './security-api';

/**
 * Security: the passkeys that sign in to the console as the signed-in owner. One on a lost or
 * stolen device is removed here: it stops signing in at once, and every session it began ends
 * (docs/decisions/0070-console-sign-in.md, amendment of 2026-11-28).
 */
export default function SecurityScreen() {
  const [passkeys, setPasskeys] = useState<PasskeySummary[] | undefined>();
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  const [reads, setReads] = useState(0);
  const changed = useCallback((text: string) => {
    setDone(text);
    setReads((count) => count + 1);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    ownPasskeys(controller.signal).then(
      (list) => {
        setPasskeys(list);
        setError('');
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(errorText(failure));
      },
    );
    return () => controller.abort();
  }, [reads]);

  return (
    <>
      <h1>Security</h1>
      <p className="console-lede">
        The passkeys that can sign you in to the console. If a device is lost or stolen, sign in on another one (or ask
        for a sign-in link and register a new passkey), then remove the lost device&apos;s passkey here: it stops
        working at once, and anyone signed in with it is signed out.
      </p>
      <h2>Your passkeys</h2>
      {passkeys === undefined && !error && <p role="status">Loading your passkeys…</p>}
      {done && <FormMessage kind="success" text={done} />}
      {error && <FormMessage kind="error" text={error} />}
      {passkeys?.length === 0 && <p>No passkey is listed for you yet. Sign in again with yours and it will be.</p>}
      {passkeys && passkeys.length > 0 && <PasskeyList passkeys={passkeys} onChanged={changed} renaming />}
    </>
  );
}
