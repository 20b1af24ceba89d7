import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { registrationOptionsSchema } from '#shared/schemas/console-sign-in.ts';
import { FormMessage } from '../../components/form/FormMessage';
import { useSubmission } from '../../components/form/use-submission';
import { ConsoleMasthead } from '../layout/ConsoleMasthead';
import { useFocusOnMount } from '../layout/use-focus-on-mount';
import { useSession } from '../session';
import { registerPasskey } from './passkey-ceremonies';

/**
 * `/admin/enrol#<token>`, opened from the emailed link: registers a passkey on this device when
 * the owner presses the button (never on load: a mail scanner that opens the link uses nothing
 * up), which signs them in. The token is read once from the fragment and then taken out of the
 * address bar, so it is not left in the browser's history.
 */
export function EnrolScreen() {
  const [token] = useState(() => window.location.hash.replace(/^#/, ''));
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const { signedIn } = useSession();
  const registration = useSubmission();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();

  useEffect(() => {
    if (hash) void navigate({ pathname, search }, { replace: true });
  }, [hash, pathname, search, navigate]);

  const register = () =>
    void registration.submit(async () => {
      await registrationOptionsSchema.validate({ token });
      signedIn(await registerPasskey(token));
      await navigate('/', { replace: true });
      return '';
    });

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
