import { useEffect } from 'react';
import type { CampaignDraft } from '#shared/console/campaigns.ts';
import { EmailPreview } from './EmailPreview';
import { NewsletterPageSwitch } from './NewsletterPageSwitch';
import { SendProgressPanel } from './SendProgressPanel';
import { sendStage, type SendStage } from './send-words';
import { useSendProgress } from './use-send-progress';

/**
 * A campaign sent or scheduled: its send (progress, results, cancel, pause), whether it is on the
 * site's newsletter page, and the email as it goes out. One reading of the send serves the panel
 * and the switch (which links the page only once the send has started).
 */
export function SentCampaign({
  campaign,
  onStage,
  onCancelled,
  onChanged,
}: {
  campaign: CampaignDraft;
  /** Where the send stands, each time it is read (the page's heading says it). */
  onStage(stage: SendStage): void;
  onCancelled(message: string): void;
  onChanged(campaign: CampaignDraft): void;
}) {
  const reading = useSendProgress(campaign.slug);
  const stage = reading.progress && sendStage(reading.progress);
  useEffect(() => {
    if (stage) onStage(stage);
  }, [stage, onStage]);
  // Unknown until the send is read: the switch then neither links the page nor says it waits.
  const started = reading.progress && reading.progress.startedAt !== undefined;
  return (
    <>
      <SendProgressPanel slug={campaign.slug} reading={reading} onCancelled={onCancelled} />
      <NewsletterPageSwitch campaign={campaign} started={started} onChanged={onChanged} />
      {/* Its emails are out: a click in the preview must not act for a real recipient. */}
      <EmailPreview
        fields={campaign}
        readyText="The email as it goes out (its content can no longer change)."
        sampleLinks
      />
    </>
  );
}
