import { useCallback, useEffect, useState } from 'react';
import type { PasskeySummary } from '#shared/console/security.ts';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { registrationOptionsSchema } from '#shared/console/sign-in-schemas.ts';
import { FormMessage } from '../../components/form/FormMessage';
import { useSubmission } from '../../components/form/use-submission';
import { ConsoleMasthead } from '../layout/ConsoleMasthead';
import { useFocusOnMount } from '../layout/use-focus-on-mount';
import { PasskeyList } from '../screens/security/PasskeyList';
import { ownPasskeys } from '../screens/security/security-api';
import { useSession } from '../session/session';
import { registerPasskey } from './passkey-ceremonies';

/**
 * `/admin/enrol#<token>`, opened from the emailed link: registers a passkey on this device when
 * the owner presses the button (never on load: a mail scanner that opens the link uses nothing
 * up), which signs them in. The token is read once from the fragment and then taken out of the
 * address bar, so it is not left in the browser's history.
 *
 * A registration is also how an owner recovers from a lost device: when they have other passkeys,
 * the success screen lists them under "Remove your other passkeys" before going on to the console
 * (a first passkey goes straight there).
 */
export function EnrolScreen() {
  const [token] = useState(() => window.location.hash.replace(/^#/, ''));
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const registration = useSubmission();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const [others, setOthers] = useState<PasskeySummary[] | undefined>();
  const [removed, setRemoved] = useState('');
  const removedOne = useCallback((text: string) => {
    setRemoved(text);
    void ownPasskeys().then(
      (list) => setOthers(list.filter((passkey) => !passkey.current)),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    if (hash) void navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);

  const register = () =>
    void registration.submit(async () => {
      await registrationOptionsSchema.validate({ token });
      signedIn(await registerPasskey(token));
      // The list is an offer, not a step: if it cannot be read, the console opens as before.
      const otherPasskeys = await ownPasskeys()
        .then((list) => list.filter((passkey) => !passkey.current))
        .catch(() => []);
      if (otherPasskeys.length === 0) await navigate('/', { replace: true });
      else setOthers(otherPasskeys);
      return '';
    });

  if (others !== undefined) {
    return (
      <>
        <ConsoleMasthead />
        <main className="console-main console-signin">
          <h1 ref={headingRef} tabIndex={-1}>
            Your passkey is registered
          </h1>
          <p>This device can now sign you in with a passkey.</p>
          <section className="console-card" aria-labelledby="other-passkeys">
            <h2 id="other-passkeys">Remove your other passkeys</h2>
            <FormMessage kind="success" text={removed} />
            {others.length === 0 ? (
              <p>You have no other passkeys now.</p>
            ) : (
              <>
                <p>
                  If you registered this one because a device was lost or stolen, remove that device&apos;s passkey: it
                  stops working at once, and anyone signed in with it is signed out. Keep the ones you still use.
                </p>
                <PasskeyList passkeys={others} onChanged={removedOne} />
              </>
            )}
          </section>
          <p>
            <Link to="/" replace className="button button--primary">
              Go to the console
            </Link>
          </p>
        </main>
      </>
    );
  }

  return (
    <>
      <ConsoleMasthead />
      <main className="console-main console-signin">
        <h1 ref={headingRef} tabIndex={-1}>
          Register a passkey on this device
        </h1>
        {token ? (
          <section className="console-card" aria-label="Register a passkey">
            <p>
              Your browser or password manager will ask for your fingerprint, face or PIN and keep a passkey for the
              console on this device. From then on, &ldquo;Sign in with a passkey&rdquo; is all it takes.
            </p>
            <button type="button" className="button button--primary" disabled={registration.pending} onClick={register}>
              {registration.pending ? 'Waiting for your device…' : 'Register a passkey'}
            </button>
            {registration.outcome?.kind === 'error' && <FormMessage kind="error" text={registration.outcome.text} />}
          </section>
        ) : (
          <p className="console-notice">
            This page needs the link from your sign-in email. Open the link from the email again, or ask for a new one.
          </p>
        )}
        <p>
          <Link to="/">Go to the sign-in page</Link>
        </p>
      </main>
    </>
  );
}
