import { putIfAbsent, takeItem } from '../../data/items';
import type { TableStore } from '../../data/stores';

/** A ceremony must finish within 5 minutes of its options (WebAuthn's own default timeout). */
export const CHALLENGE_SECONDS = 5 * 60;

export type CeremonyPurpose = 'registration' | 'authentication';

/** One ceremony's challenge, kept until it is answered once or expires. */
interface ChallengeItem {
  id: string;
  kind: 'console-challenge';
  purpose: CeremonyPurpose;
  /** A registration's owner (from its enrolment link); an authentication names none. */
  owner?: string;
  expiresAt: number;
}

const challengeId = (challenge: string) => `challenge#${challenge}`;

export const rememberChallenge = async (
  store: TableStore,
  challenge: string,
  ceremony: { purpose: CeremonyPurpose; owner?: string },
  now: number,
): Promise<void> => {
  const item: ChallengeItem = {
    id: challengeId(challenge),
    kind: 'console-challenge',
    ...ceremony,
    expiresAt: now + CHALLENGE_SECONDS,
  };
  await putIfAbsent(store, item);
};

/**
 * The ceremony a challenge was issued for, taken so it can never be answered again (a replayed
 * response finds nothing); undefined when unknown, used, expired or issued for another purpose.
 */
export const takeChallenge = async (
  store: TableStore,
  challenge: string,
  purpose: CeremonyPurpose,
  now: number,
): Promise<{ owner?: string } | undefined> => {
  const item = await takeItem<ChallengeItem>(
    store,
    challengeId(challenge),
    'attribute_exists(id) AND purpose = :purpose AND expiresAt > :now',
    { ':purpose': purpose, ':now': now },
  );
  return item && { owner: item.owner };
};
