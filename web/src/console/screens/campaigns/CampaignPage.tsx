import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { CampaignDraft } from '#shared/console-campaigns.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { errorText } from '#web/src/lib/api-client.ts';
import { useFocusOnMount } from '../../layout/use-focus-on-mount';
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
  const [campaign, setCampaign] = useState<CampaignDraft>();
  const [error, setError] = useState('');
  const controller = useRef<AbortController | null>(null);

  const reload = useCallback(async () => {
    controller.current?.abort();
    const current = (controller.current = new AbortController());
    try {
      setCampaign(await campaignOf(slug, current.signal));
      setError('');
    } catch (failure) {
      if (!current.signal.aborted) setError(errorText(failure));
    }
  }, [slug]);

  useEffect(() => {
    void reload();
    return () => controller.current?.abort();
  }, [reload]);

  return (
    <>
      <p className="console-back">
        <Link to=".." relative="path">
          ← All campaigns
        </Link>
      </p>
      {!campaign && !error && <p role="status">Loading the campaign…</p>}
      {error && <FormMessage kind="error" text={error} />}
      {error && !campaign && (
        <button type="button" className="button button--secondary" onClick={() => void reload()}>
          Try again
        </button>
      )}
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
