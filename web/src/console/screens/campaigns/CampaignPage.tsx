import { useCallback } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { CampaignDraft } from '#shared/console-campaigns.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { useFocusOnMount } from '../../layout/use-focus-on-mount';
import { LoadState } from '../../loading/LoadState';
import { useLoaded } from '../../loading/use-loaded';
import { useOwner } from '../../use-owner';
import { whenText } from '../../when';
import { campaignAudienceText } from './campaign-words';
import { CampaignEditor } from './CampaignEditor';
import { campaignOf } from './campaigns-api';

/** A stored campaign (/admin/campaigns/<slug>): its fields, preview, checks and test copy. */
export function CampaignPage() {
  const { slug = '' } = useParams();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const owner = useOwner();
  const load = useCallback((signal: AbortSignal) => campaignOf(slug, signal), [slug]);
  const { value: campaign, setValue: setCampaign, error, reload } = useLoaded<CampaignDraft>(load);

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
          {notice && <FormMessage kind="success" text={notice} />}
          <CampaignEditor owner={owner} stored={campaign} onStored={setCampaign} reload={reload} />
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
        {campaign.state === 'sent' ? 'Sent' : 'Draft'} · {campaign.slug} · for {campaignAudienceText(campaign.audience)}{' '}
        · version {campaign.version}, saved {whenText(campaign.updatedAt)} by {campaign.updatedBy}
        {campaign.importedFrom && ` · imported from ${campaign.importedFrom}`}
      </p>
    </>
  );
}
