import { CONSOLE_AUTH_ROUTES } from '#shared/console/sign-in.ts';
import { FIELD_MAX } from '#shared/constants/limits.ts';
import { enrolmentLinkSchema } from '#shared/console/sign-in-schemas.ts';
import { FormMessage } from '../../components/form/FormMessage';
import { SubmitButton } from '../../components/form/SubmitButton';
import { useSubmission } from '../../components/form/use-submission';
import { consoleRequest } from '../client/console-client';
import { SchemaTextField, useSchemaField } from '../form/SchemaTextField';
import { ConsoleMasthead } from '../layout/ConsoleMasthead';
import { useFocusOnMount } from '../layout/use-focus-on-mount';
import { useSession } from '../session/session';
import { signInWithPasskey } from './passkey-ceremonies';

/**
 * The way in: a passkey (usernameless, decision 0070), or an emailed one-time link that
 * registers one on this device. The link's answer is the same words whatever the address.
 * Shown over the screen whose call found the session ended (ConsoleFrame), so `notice` says so.
 */
export function SignInScreen({ notice }: { notice?: string }) {
  const { signedIn } = useSession();
  const passkey = useSubmission();
  const link = useSubmission();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const email = useSchemaField(enrolmentLinkSchema, 'email');

  return (
    <>
      <ConsoleMasthead />
      <main className="console-main console-signin">
        <h1 ref={headingRef} tabIndex={-1}>
          Sign in to the console
        </h1>
        {notice && (
          <p className="console-notice" role="status">
            {notice}
          </p>
        )}
        <section className="console-card" aria-labelledby="signin-passkey">
          <h2 id="signin-passkey">With a passkey</h2>
          <p>Your device asks for your fingerprint, face or PIN. There is no password.</p>
          <button
            type="button"
            className="button button--primary"
            disabled={passkey.pending}
            onClick={() =>
              void passkey.submit(async () => {
                signedIn(await signInWithPasskey());
                return '';
              })
            }
          >
            {passkey.pending ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
          </button>
          {passkey.outcome?.kind === 'error' && <FormMessage kind="error" text={passkey.outcome.text} />}
        </section>
        <section className="console-card" aria-labelledby="signin-link">
          <h2 id="signin-link">No passkey on this device yet?</h2>
          <p>
            We email a one-time link to an owner&apos;s address. Open it on this device to register a passkey. It works
            once, for 15 minutes.
          </p>
          <form
            noValidate
            className="form"
            onSubmit={(event) => {
              event.preventDefault();
              const address = email.submitted();
              // The console's API answers `{ message }` on success too (shared/console/common.ts).
              if (address !== undefined)
                void link.submit(
                  async () =>
                    (
                      await consoleRequest<{ message: string }>(CONSOLE_AUTH_ROUTES.enrolmentLink, {
                        body: { email: address },
                      })
                    ).message,
                );
            }}
          >
            <SchemaTextField
              field={email}
              label="Your email address"
              type="email"
              autoComplete="email"
              maxLength={FIELD_MAX.email}
            />
            <SubmitButton label="Email me a sign-in link" pending={link.pending} />
            {link.outcome && <FormMessage kind={link.outcome.kind} text={link.outcome.text} />}
          </form>
        </section>
      </main>
    </>
  );
}
