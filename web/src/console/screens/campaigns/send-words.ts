import type { SendProgress, SendResults } from '#shared/console/campaigns.ts';
import { countOf } from '#shared/count-words.ts';
import { countText, scheduleText } from '../../kit/when';

/**
 * Where a send stands for the owners: the API's states, and `sent` once every queued email is
 * settled (sent, in doubt, failed or not eligible any more) while it was not paused.
 */
export type SendStage = 'scheduled' | 'starting' | 'sending' | 'paused' | 'sent';

export const sendStage = (progress: SendProgress): SendStage => {
  if (progress.state === 'scheduled') return 'scheduled';
  if (progress.state === 'launching') return 'starting';
  if (progress.state === 'paused') return 'paused';
  return progress.startedAt !== undefined && progress.left === 0 ? 'sent' : 'sending';
};

/** The time a send is (or was) set for, as the owners read it, on the firm's clock. */
export const albertaTimeText = (unixSeconds: number) => `${scheduleText(unixSeconds)} Alberta time`;

/** One line saying where the send stands ("Sending: 420 of 2,000 sent"). */
export function stageText(progress: SendProgress): string {
  const sentOfQueued = `${countText(progress.sent)} of ${countText(progress.queued)} sent`;
  switch (sendStage(progress)) {
    case 'scheduled':
      return progress.launchAt === undefined ? 'Scheduled' : `Scheduled for ${albertaTimeText(progress.launchAt)}`;
    case 'starting':
      return 'Starting: gathering who can receive it now';
    case 'sending':
      return `Sending: ${sentOfQueued}`;
    case 'paused':
      return `Paused: ${sentOfQueued}. Nobody else gets it until you resume.`;
    case 'sent':
      return 'Sent';
  }
}

/**
 * Why fewer (or more) were queued than the owner confirmed, when they differ: the launch asks
 * again at its time who can receive it. Undefined when they match, or before the start.
 */
export function confirmedText(progress: SendProgress): string | undefined {
  const { confirmed, queued } = progress;
  if (confirmed === undefined || progress.startedAt === undefined || confirmed === queued) return undefined;
  return (
    `When you pressed send, ${peopleText(confirmed)} could receive it; when it started, ${countText(queued)} could. ` +
    'Between the two, people unsubscribed, switched the topic off or joined: each gets it only if they can when it starts.'
  );
}

/** The counts of a send, in the order the screen lists them, each with its meaning. */
export const PROGRESS_COUNTS: {
  key: keyof Pick<SendProgress, 'queued' | 'sent' | 'inDoubt' | 'failed' | 'ineligible' | 'left'>;
  label: string;
}[] = [
  { key: 'queued', label: 'Queued (could receive it when the send started)' },
  { key: 'sent', label: 'Sent (accepted by Amazon SES)' },
  { key: 'inDoubt', label: 'In doubt (being checked with Amazon SES; never sent twice)' },
  { key: 'failed', label: 'Failed' },
  {
    key: 'ineligible',
    label: 'Not eligible any more (unsubscribed, topic switched off or suppressed before their turn)',
  },
  { key: 'left', label: 'Left to send' },
];

/** What became of the emails, as the contract counts them (SendResults), in the owners' words. */
export const RESULT_COLUMNS: { key: keyof SendResults; label: string }[] = [
  { key: 'delivered', label: 'Delivered' },
  { key: 'bounced', label: 'Bounced, permanently' },
  { key: 'softBounced', label: 'Bounced, temporarily' },
  { key: 'complained', label: 'Marked as spam' },
  { key: 'rejected', label: 'Rejected by Amazon SES' },
  { key: 'unsubscribed', label: 'Unsubscribed since' },
];

/** "3 people", "1 person". */
export const peopleText = (count: number) => countOf(count, 'person', 'people');
