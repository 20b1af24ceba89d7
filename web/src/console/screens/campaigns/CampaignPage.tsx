import { useCallback, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { CampaignDraft } from '#shared/console-campaigns.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import type { Outcome } from '#web/src/components/form/use-submission.ts';
import { useFocusOnMount } from '../../layout/use-focus-on-mount';
import { LoadState } from '../../loading/LoadState';
import { useLoaded } from '../../loading/use-loaded';
import { useOwner } from '../../use-owner';
import { whenText } from '../../when';
import { campaignAudienceText } from './campaign-words';
import { CampaignEditor } from './CampaignEditor';
import { campaignOf } from './campaigns-api';
import { SentCampaign } from './SentCampaign';

/**
 * A stored campaign (/admin/campaigns/<slug>). A draft: its fields, preview, checks, test copy and
 * send. Once sent or scheduled its content is frozen: the send's progress and results, the switch
 * of its newsletter page, and the email as it goes out, instead of the editor (SentCampaign). A
 * send, a refusal or a cancel reads the campaign again and says what happened above it.
 */
export function CampaignPage() {
  const { slug = '' } = useParams();
  const arrived = (useLocation().state as { notice?: string } | null)?.notice;
  const [outcome, setOutcome] = useState<Outcome | undefined>(arrived ? { kind: 'success', text: arrived } : undefined);
  const owner = useOwner();
  const load = useCallback((signal: AbortSignal) => campaignOf(slug, signal), [slug]);
  const { value: campaign, setValue: setCampaign, error, reload } = useLoaded<CampaignDraft>(load);
  const changed = (text: string, kind: Outcome['kind'] = 'success') => {
    setOutcome({ kind, text });
    void reload();
  };

  return (
    <>
      <p className="console-back">
        <Link to=".." relative="path">
          ← All campaigns
        </Link>
      </p>
      <LoadState loaded={!!campaign} error={error} loadingText="Loading the campaign…" reload={reload} />
      {campaign && (
        <>
          <CampaignHeading campaign={campaign} />
          {outcome && <FormMessage kind={outcome.kind} text={outcome.text} />}
          {campaign.state === 'sent' ? (
            <SentCampaign campaign={campaign} onCancelled={changed} onChanged={setCampaign} />
          ) : (
            <CampaignEditor owner={owner} stored={campaign} onStored={setCampaign} reload={reload} onSent={changed} />
          )}
        </>
      )}
    </>
  );
}

function CampaignHeading({ campaign }: { campaign: CampaignDraft }) {
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        {campaign.subject}
      </h1>
      <p className="console-lede">
        {campaign.state === 'sent' ? 'Sent or scheduled: it can no longer be changed' : 'Draft'} · {campaign.slug} · for{' '}
        {campaignAudienceText(campaign.audience)} · version {campaign.version}, saved {whenText(campaign.updatedAt)} by{' '}
        {campaign.updatedBy}
        {campaign.importedFrom && ` · imported from ${campaign.importedFrom}`}
      </p>
    </>
  );
}
