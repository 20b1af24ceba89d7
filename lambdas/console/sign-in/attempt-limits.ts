import { marshall } from '../../data/attribute-values';
import { getItem, updateItem } from '../../data/items';
import type { TableStore } from '../../data/stores';
import { TEST_SENDS_PER_HOUR } from '#shared/console/campaigns.ts';

/**
 * How many tries the console's sign-in allows, per window of ATTEMPT_WINDOW_SECONDS. Every budget
 * a stranger could spend is the stranger's own (docs/decisions/0070-console-sign-in.md, amendment
 * of 2026-11-28): counted per client network (an IPv4 /24, an IPv6 /48: clientNetworkKey), never
 * per owner, so requests from elsewhere cannot lock an owner out.
 * - failed ceremonies (a passkey that does not verify, an unknown, used or expired challenge or
 *   link), per client network: forged assertions lock out the network that sends them;
 * - enrolment-link emails per client network, and per address typed from that network, so no
 *   inbox is flooded from one place;
 * - enrolment-link emails per recent session: a browser that holds one of the owner's sessions
 *   (live, or ended by idleness, begun in the last 12 hours) has an allowance of its own;
 * - a campaign's test copies, per owner and per hour (its own window): each is a real email.
 */
export const ATTEMPT_LIMITS = {
  failedCeremoniesPerClient: 20,
  enrolmentLinksPerClient: 10,
  enrolmentLinksPerAddress: 3,
  enrolmentLinksPerSession: 3,
  testSendsPerOwner: TEST_SENDS_PER_HOUR,
} as const;
export type AttemptLimit = keyof typeof ATTEMPT_LIMITS;

export const ATTEMPT_WINDOW_SECONDS = 15 * 60;
/** Limits counted over another window than ATTEMPT_WINDOW_SECONDS. */
const OWN_WINDOWS: Partial<Record<AttemptLimit, number>> = { testSendsPerOwner: 3600 };
const windowOf = (limit: AttemptLimit) => OWN_WINDOWS[limit] ?? ATTEMPT_WINDOW_SECONDS;

const counterId = (limit: AttemptLimit, key: string, now: number) =>
  `attempts#${limit}#${key}#${Math.floor(now / windowOf(limit))}`;

/** Counts one attempt; false when the window already holds as many as the limit allows. */
export const countAttempt = async (store: TableStore, limit: AttemptLimit, key: string, now: number) =>
  (await updateItem(store, counterId(limit, key, now), {
    UpdateExpression: 'ADD attempts :one SET #kind = :kind, expiresAt = :expiresAt',
    ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :limit',
    ExpressionAttributeNames: { '#kind': 'kind' },
    ExpressionAttributeValues: marshall({
      ':one': 1,
      ':kind': 'console-attempts',
      ':limit': ATTEMPT_LIMITS[limit],
      // Kept a window longer than it counts, then TTL removes it.
      ':expiresAt': (Math.floor(now / windowOf(limit)) + 2) * windowOf(limit),
    }),
  })) !== undefined;

/** Whether the window still allows a try, without counting one (a failure is counted once it happens). */
export const attemptsLeft = async (store: TableStore, limit: AttemptLimit, key: string, now: number) => {
  const counter = await getItem<{ attempts?: number }>(store, counterId(limit, key, now));
  return (counter?.attempts ?? 0) < ATTEMPT_LIMITS[limit];
};
