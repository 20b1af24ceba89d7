import { getItem, putIfAbsent, takeItem } from '../../data/items';
import type { TableStore } from '../../data/stores';
import { randomToken } from '../../runtime/tokens';
import { hashedToken } from '../kit/hashed-token';

/** An enrolment (or recovery) link works for 15 minutes, once. */
export const ENROLMENT_LINK_SECONDS = 15 * 60;

interface EnrolmentItem {
  id: string;
  kind: 'console-enrolment';
  owner: string;
  createdAt: number;
  expiresAt: number;
}

const enrolmentId = (token: string) => `enrolment#${hashedToken(token)}`;

/** A new one-time link token for the owner; only its hash is stored. */
export const createEnrolmentLink = async (store: TableStore, owner: string, now: number): Promise<string> => {
  const token = randomToken();
  const item: EnrolmentItem = {
    id: enrolmentId(token),
    kind: 'console-enrolment',
    owner,
    createdAt: now,
    expiresAt: now + ENROLMENT_LINK_SECONDS,
  };
  await putIfAbsent(store, item);
  return token;
};

/** The owner a link is for while it is unused and unexpired (reading does not use it up). */
export const enrolmentOwner = async (store: TableStore, token: string, now: number): Promise<string | undefined> => {
  const item = await getItem<EnrolmentItem>(store, enrolmentId(token));
  return item && now < item.expiresAt ? item.owner : undefined;
};

/** Uses the link up: its owner for exactly one caller while it is unexpired, else undefined. */
export const useEnrolmentLink = async (store: TableStore, token: string, now: number): Promise<string | undefined> => {
  const item = await takeItem<EnrolmentItem>(store, enrolmentId(token), 'attribute_exists(id) AND expiresAt > :now', {
    ':now': now,
  });
  return item?.owner;
};
