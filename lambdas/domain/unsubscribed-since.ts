import { countUnsubscribe } from '../data/campaign-counts';
import type { SendRecord } from '../data/campaign-item';
import { sendsToMailbox } from '../data/campaign-sends';
import type { TableStore } from '../data/stores';
import type { SubscriberItem } from '../data/subscriber-item';
import { canonicalMailbox } from './canonical-mailbox';

/** SES's words that say the email never reached the mailbox. */
const NOT_REACHED = new Set(['bounced', 'soft-bounced', 'rejected']);

/**
 * This subscriber's campaign email reached them before `now`: handed to SES (`sent`) and not
 * bounced or rejected since. The other audience's subscription of the same mailbox has its own
 * records (subscriberId), and its own unsubscribe.
 */
const reachedBefore = (subscriber: Pick<SubscriberItem, 'id'>, now: number) => (send: SendRecord) =>
  send.subscriberId === subscriber.id &&
  send.status === 'sent' &&
  (send.sentAt ?? now) <= now &&
  !NOT_REACHED.has(send.delivery?.outcome ?? '');

/**
 * "Unsubscribed since" of every campaign whose email reached this subscriber: they have just
 * unsubscribed from everything, with these reasons (the page's keys; none from one-click or the
 * console, whose typed words stay in the person's consent record). One query of the mailbox's
 * send records (SendsByMailbox, kept for the retention period), then one counter update per
 * campaign. Call only after the conditional write that withdrew them, so a repeated press, a
 * retried request or a mail scanner's second POST never counts twice.
 */
export const countUnsubscribedSince = async (
  campaigns: TableStore,
  subscriber: Pick<SubscriberItem, 'id' | 'email' | 'mailbox'>,
  reasons: readonly string[],
  now: number,
): Promise<void> => {
  const sends = await sendsToMailbox(campaigns, subscriber.mailbox ?? canonicalMailbox(subscriber.email));
  for (const send of sends.filter(reachedBefore(subscriber, now)))
    await countUnsubscribe(campaigns, send.campaign, reasons, now);
};
