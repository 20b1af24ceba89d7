import { TEST_SENDS_PER_HOUR } from '#shared/console/campaigns.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useSubmission } from '#web/src/components/form/use-submission.ts';
import { sendTestCopy } from './campaigns-api';

/**
 * A test copy of the saved campaign to the signed-in owner's own address, through SES as the real
 * email goes; the API's answer says where it went, or (429) that the hour's test copies are used up.
 */
export function TestSend({ slug, owner, unsaved }: { slug: string; owner: string; unsaved: boolean }) {
  const sending = useSubmission();
  return (
    <section className="console-card" aria-labelledby="campaign-test">
      <h2 id="campaign-test">Test copy</h2>
      <p>
        Sends the saved campaign to you ({owner}) with [Test] before its subject. Up to {TEST_SENDS_PER_HOUR} an hour.
        {unsaved && ' Your unsaved changes are not in it: save first.'}
      </p>
      <button
        type="button"
        className="button button--secondary"
        disabled={sending.pending}
        onClick={() => void sending.submit(async () => (await sendTestCopy(slug)).message)}
      >
        {sending.pending ? 'Sending…' : 'Send me a test copy'}
      </button>
      {sending.outcome && <FormMessage kind={sending.outcome.kind} text={sending.outcome.text} />}
    </section>
  );
}
