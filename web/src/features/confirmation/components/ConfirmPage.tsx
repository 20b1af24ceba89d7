import { useEffect, useId, useRef, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import type { Audience } from '#shared/constants/audiences.ts';
import { CONFIRM_COPY } from '#web/content/pages/confirm.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { SubmitButton } from '#web/src/components/form/SubmitButton.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { confirmSubscription } from '../api';

/**
 * /confirm/{audience}/{token}, the link of the confirmation email (double opt-in). Opening the
 * page sends nothing (mail scanners follow links); only the button confirms. The API's answer
 * shows in a live region: on success the button goes and focus moves to the message; on an
 * error the button stays, so the visitor can try again (e.g. after a 503).
 */
export function ConfirmPage({ audience }: { audience: Audience }) {
  const headingId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const { id: token = '' } = useParams();
  const submission = useSubmission();
  const { outcome } = submission;
  const confirmed = outcome?.kind === 'success';

  useEffect(() => {
    if (confirmed) resultRef.current?.focus();
  }, [confirmed]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submission.submit(() => confirmSubscription(audience, token));
  };

  return (
    <section className="subscriber-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{CONFIRM_COPY.heading}</h1>
      <p className="subscriber-intro">{CONFIRM_COPY.intro}</p>
      {!confirmed && (
        <form className="form" aria-labelledby={headingId} onSubmit={onSubmit}>
          <SubmitButton label={CONFIRM_COPY.button} pending={submission.pending} />
        </form>
      )}
      <div ref={resultRef} className="confirm-result" role="status" tabIndex={-1}>
        {outcome && <FormMessage kind={outcome.kind} text={outcome.text} announce={false} />}
      </div>
    </section>
  );
}
