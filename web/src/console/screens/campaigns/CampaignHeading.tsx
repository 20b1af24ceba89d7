import type { CampaignDraft } from '#shared/console/campaigns.ts';
import { useFocusOnMount } from '../../layout/use-focus-on-mount';
import { whenText } from '../../kit/when';
import { campaignAudienceText } from './campaign-words';
import type { SendStage } from './send-words';

/** Where a campaign stands, first on its page: a draft, or how far its send has gone (once read). */
const STANDING: Record<SendStage, string> = {
  scheduled: 'Scheduled: it can no longer be changed',
  starting: 'Being sent: it can no longer be changed',
  sending: 'Being sent: it can no longer be changed',
  paused: 'Sending paused: it can no longer be changed',
  sent: 'Sent',
};

/**
 * A stored campaign's title and what it is: a draft, or where its send stands (`stage`, read by
 * the page; until then only that it can no longer be changed); its address, audience and last save.
 */
export function CampaignHeading({ campaign, stage }: { campaign: CampaignDraft; stage?: SendStage }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  const standing = campaign.state === 'draft' ? 'Draft' : stage ? STANDING[stage] : 'It can no longer be changed';
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {campaign.subject}
      </h1>
      <p className="console-lede">
        {standing} · {campaign.slug} · for {campaignAudienceText(campaign.audience)} · last saved{' '}
        {whenText(campaign.updatedAt)} by {campaign.updatedBy}
        {campaign.importedFrom && ` · imported from ${campaign.importedFrom}`}
      </p>
    </>
  );
}
