import { useCallback, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { CampaignDraft } from '#shared/console/campaigns.ts';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import type { Outcome } from '#web/src/components/form/use-submission.ts';
import { LoadState } from '../../loading/LoadState';
import { useLoaded } from '../../loading/use-loaded';
import { useOwner } from '../../session/use-owner';
import { CampaignEditor } from './CampaignEditor';
import { CampaignHeading } from './CampaignHeading';
import { campaignOf } from './campaigns-api';
import type { SendStage } from './send-words';
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
  // Where the send stands, as its panel last read it (the heading says it).
  const [stage, setStage] = useState<SendStage>();
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
          <CampaignHeading campaign={campaign} stage={stage} />
          {outcome && <FormMessage kind={outcome.kind} text={outcome.text} />}
          {campaign.state === 'sent' ? (
            <SentCampaign campaign={campaign} onStage={setStage} onCancelled={changed} onChanged={setCampaign} />
          ) : (
            <CampaignEditor owner={owner} stored={campaign} onStored={setCampaign} reload={reload} onSent={changed} />
          )}
        </>
      )}
    </>
  );
}
