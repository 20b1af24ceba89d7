import { useState } from 'react';
import { REASON_MAX, unsubscribeRequestSchema } from '#shared/console/people-schemas.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { SubmitButton } from '#web/src/components/form/SubmitButton.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { SchemaTextField, useSchemaField } from '../../form/SchemaTextField';
import { useFocusOnMount } from '../../layout/use-focus-on-mount';
import { unsubscribePerson } from './people-api';

const reasonSchema = unsubscribeRequestSchema.pick(['reason']);

/**
 * Unsubscribe on the person's behalf (a request by phone, say): the reason is required (it goes
 * into their consent record with the owner's name), then a second step asks to confirm. The
 * API's answer is shown as it came; an error keeps the reason as typed.
 */
export function UnsubscribeForm({ email, onDone }: { email: string; onDone: () => void }) {
  const submission = useSubmission();
  const [confirming, setConfirming] = useState<string | null>(null);
  const reason = useSchemaField(reasonSchema, 'reason');

  return (
    <section className="console-card" aria-labelledby="unsubscribe-heading">
      <h3 id="unsubscribe-heading">Unsubscribe on their behalf</h3>
      <p>From every email of every list. They can subscribe again themselves later.</p>
      <form
        noValidate
        className="form"
        onSubmit={(event) => {
          event.preventDefault();
          const typed = reason.submitted();
          if (typed === undefined) return;
          submission.clearOutcome();
          setConfirming(typed);
        }}
      >
        <SchemaTextField
          field={reason}
          label="Why (for example, “asked by phone on Tuesday”)"
          maxLength={REASON_MAX}
          rows={3}
        />
        {confirming === null ? (
          <SubmitButton label="Unsubscribe…" pending={false} />
        ) : (
          <ConfirmStep
            email={email}
            reason={confirming}
            pending={submission.pending}
            onCancel={() => setConfirming(null)}
            onConfirm={() =>
              void submission
                .submit(async () => (await unsubscribePerson(email, confirming)).message)
                .then((result) => {
                  setConfirming(null);
                  if (result !== 'succeeded') return;
                  reason.reset();
                  onDone();
                })
            }
          />
        )}
        {submission.outcome && <FormMessage kind={submission.outcome.kind} text={submission.outcome.text} />}
      </form>
    </section>
  );
}

interface ConfirmStepProps {
  email: string;
  reason: string;
  pending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

function ConfirmStep({ email, reason, pending, onConfirm, onCancel }: ConfirmStepProps) {
  const promptRef = useFocusOnMount<HTMLParagraphElement>();
  return (
    <div className="console-ask">
      <p ref={promptRef} tabIndex={-1}>
        Unsubscribe <strong className="console-table__wrap">{email}</strong> from every email, with the reason “{reason}
        ”?
      </p>
      <div className="console-actions">
        <button type="button" className="button button--primary" disabled={pending} onClick={onConfirm}>
          {pending ? 'Unsubscribing…' : 'Yes, unsubscribe them'}
        </button>
        <button type="button" className="button button--secondary" disabled={pending} onClick={onCancel}>
          No, go back
        </button>
      </div>
    </div>
  );
}
