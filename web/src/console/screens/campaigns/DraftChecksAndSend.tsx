import type { CampaignDraft } from '#shared/console/campaigns.ts';
import { PreflightChecklist } from './PreflightChecklist';
import { SendPanel } from './SendPanel';
import { TestSend } from './TestSend';
import { usePreflight } from './use-preflight';

interface DraftChecksAndSendProps {
  campaign: CampaignDraft;
  owner: string;
  unsaved: boolean;
  onSent?(message: string, kind: 'success' | 'error'): void;
}

/** A stored draft's way out: its checks, a test copy, and the send, which reads the same checks. */
export function DraftChecksAndSend({ campaign, owner, unsaved, onSent = () => {} }: DraftChecksAndSendProps) {
  const preflight = usePreflight(campaign.slug, campaign.version);
  return (
    <>
      <PreflightChecklist preflight={preflight} unsaved={unsaved} />
      <TestSend slug={campaign.slug} owner={owner} unsaved={unsaved} />
      <SendPanel campaign={campaign} preflight={preflight} unsaved={unsaved} onSent={onSent} />
    </>
  );
}
