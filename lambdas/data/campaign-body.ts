/**
 * A sent campaign's body (its HTML and text, frozen at the send), kept apart from its campaign item
 * in parts of at most BODY_PART_UNITS code units, so that no item outgrows DynamoDB's 400 KB however
 * the body is written, and the item whose counters every email and SES event moves stays small: an
 * UpdateItem costs the whole item's size in write units. Parts no item names (a send taken back, the
 * loser of two presses, a command run refused for other content) are left to expire with their TTL:
 * deleting them could delete a later send's, named alike. docs/decisions/0050-campaign-sending.md,
 * amendment of 2026-11-28.
 */
import { PutItemCommand } from '@aws-sdk/client-dynamodb';
import { marshall } from './attribute-values';
import type { CampaignBody, CampaignContent, CampaignHead, CampaignItem } from './campaign-item';
import { getCampaign } from './campaign-sends';
import { getItem } from './items';
import type { TableStore } from './stores';

/**
 * A part's length in UTF-16 code units: at most 3 UTF-8 bytes each (a character beyond them is two
 * units and 4 bytes), so a part is at most 300,000 bytes, with room under 400 KB for its key.
 */
export const BODY_PART_UNITS = 100_000;

interface BodyPartItem {
  id: string;
  kind: 'campaign-body';
  slug: string;
  part: string;
  expiresAt: number;
}

/** Named by the content's hash: the parts of one content never mix with another's (a send taken back and changed). */
const bodyPartId = (head: Pick<CampaignHead, 'slug' | 'contentHash'>, index: number) =>
  `campaign-body#${head.slug}#${head.contentHash}#${index}`;

/** Cuts `text` into parts of at most `units`, never between the two halves of a character beyond 16 bits. */
export const splitIntoParts = (text: string, units = BODY_PART_UNITS): string[] => {
  const parts: string[] = [];
  for (let start = 0; start < text.length;) {
    let end = Math.min(start + units, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    parts.push(text.slice(start, end));
    start = end;
  }
  return parts;
};

/** What the campaign item keeps of `content`: everything but the body, and how many parts hold it. */
export const headOf = ({ bodyHtml, bodyText, ...head }: CampaignContent, bodyParts: number): CampaignHead => ({
  ...head,
  bodyParts,
});

/**
 * Writes the body's parts (before the campaign item that names them, so an item read always finds
 * its body), each expiring at `expiresAt`; the head the campaign item keeps. Writing the same
 * content again writes the same parts.
 */
export const storeCampaignBody = async (
  store: TableStore,
  content: CampaignContent,
  expiresAt: number,
): Promise<CampaignHead> => {
  const body: CampaignBody = { bodyHtml: content.bodyHtml, bodyText: content.bodyText };
  const parts = splitIntoParts(JSON.stringify(body));
  const head = headOf(content, parts.length);
  for (const [index, part] of parts.entries()) {
    const item: BodyPartItem = { id: bodyPartId(head, index), kind: 'campaign-body', slug: head.slug, part, expiresAt };
    await store.db.send(new PutItemCommand({ TableName: store.table, Item: marshall({ ...item }) }));
  }
  return head;
};

/** The head of a campaign item (what it keeps of the content), without its send's state and counters. */
export const itemHead = (item: CampaignHead): CampaignHead => ({
  slug: item.slug,
  subject: item.subject,
  ...(item.preheader !== undefined && { preheader: item.preheader }),
  topic: item.topic,
  audience: item.audience,
  contentHash: item.contentHash,
  ...(item.bodyParts !== undefined && { bodyParts: item.bodyParts }),
});

/**
 * The whole content of a campaign item, its body read from its parts (or, on an item stored before
 * the parts, from the item itself); undefined once the parts are gone (expired).
 */
export const campaignContent = async (store: TableStore, item: CampaignItem): Promise<CampaignContent | undefined> => {
  const { bodyParts, ...head } = itemHead(item);
  if (bodyParts === undefined) {
    const { bodyHtml, bodyText } = item;
    return bodyHtml === undefined || bodyText === undefined ? undefined : { ...head, bodyHtml, bodyText };
  }
  const parts: string[] = [];
  for (let index = 0; index < bodyParts; index += 1) {
    const part = await getItem<BodyPartItem>(store, bodyPartId(item, index));
    if (!part) return undefined;
    parts.push(part.part);
  }
  return { ...head, ...(JSON.parse(parts.join('')) as CampaignBody) };
};

/** The content of the campaign `slug` as it is sent; throws when it has no campaign item or its body is gone. */
export const sentContentOf = async (store: TableStore, slug: string): Promise<CampaignContent> => {
  const item = await getCampaign(store, slug);
  const content = item && (await campaignContent(store, item));
  if (!content) throw new Error(`Campaign ${slug} has no stored content`);
  return content;
};
