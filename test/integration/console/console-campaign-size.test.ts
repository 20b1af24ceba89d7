/**
 * A campaign of the longest body the form and the schema allow (CAMPAIGN_LIMITS.markdown, counted
 * in UTF-16 code units), written in the characters that weigh most in UTF-8 (3 bytes each), is
 * saved, previewed, sent as a test copy and sent, and every item it left in DynamoDB stays within
 * the 400 KB an item may hold in AWS, measured as DynamoDB counts (test/support/dynamodb-item-size.ts:
 * dynalite counts code units, so it would store what AWS refuses). Also a body of links, whose HTML
 * is ten times its Markdown. The recipient's email carries the whole body.
 */
import { callOf } from '#shared/route-key.ts';
import { createOwnCampaignTables, ownTables } from './own-campaign-tables';
import { ScanCommand, type AttributeValue } from '@aws-sdk/client-dynamodb';
import { createLocalCampaignQueue } from '#infra/local/queues-and-schedules/campaign-queue.ts';
import { localDynamoClient, readCapturedEmails } from '#infra/local/services.ts';
import { CAMPAIGN_LIMITS, CAMPAIGN_ROUTES } from '#shared/console/campaigns.ts';
import { DYNAMODB_ITEM_MAX_BYTES, dynamoItemSize } from '#test/support/dynamodb-item-size.ts';
import { subscriberItem } from '../../support/campaign-subscribers';
import { sesEndpoint, writeItem } from '../support/local-aws';
import { startLocalSite } from '../support/local-site';
import { api, enrol, sessionOf, type Call } from './console-client';

jest.setTimeout(120_000);
const OWNERS = process.env.CONSOLE_OWNERS!;
const SITE_URL = process.env.SITE_URL;
let session = '';
let owner = '';
let site: Awaited<ReturnType<typeof startLocalSite>>;
beforeAll(async () => {
  await createOwnCampaignTables();
  owner = `size.${process.pid}.${Date.now()}@chinooktalent.ca`;
  process.env.CONSOLE_OWNERS = `${OWNERS},${owner}`;
  session = sessionOf((await enrol(owner)).answer)!;
  // After the passkey ceremony, which expects the suite's own site origin: the send's checks open its pages.
  site = await startLocalSite(['/blog']);
  process.env.SITE_URL = site.url;
});
afterAll(async () => {
  process.env.CONSOLE_OWNERS = OWNERS;
  process.env.SITE_URL = SITE_URL;
  await site.close();
});

const call = (name: keyof typeof CAMPAIGN_ROUTES, slug: string, options: Call = {}) =>
  api(callOf(CAMPAIGN_ROUTES[name], { slug }), { session, json: {}, ...options });

/** `unit` repeated to exactly the longest body, its last characters a marker the email must end with. */
const longest = (unit: string, end: string) =>
  `${unit.repeat(Math.ceil(CAMPAIGN_LIMITS.markdown / unit.length)).slice(0, CAMPAIGN_LIMITS.markdown - end.length)}${end}`;

/** Each body's name, what it repeats, and the words it ends with. */
const BODIES: [string, string, string][] = [
  // Three UTF-8 bytes for each code unit the limit counts: the heaviest text (é or an emoji weigh two a unit).
  ['Japanese prose', '採用の季節です。求人は増えています。\n\n', '最後の段落。'],
  // Each link becomes an <a> with the site's address and the link style: the HTML is ten times the Markdown.
  ['links to the blog, in Chinese', '[採用](/blog) ', '結束。'],
];

const count = (text: string, word: string) => text.split(word).length - 1;

/** Every item of a table, as DynamoDB stores it (attribute values, to be measured). */
const scanAll = async (table: string) => {
  const db = localDynamoClient(process.env.AWS_ENDPOINT_URL_DYNAMODB!);
  const items: Record<string, AttributeValue>[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await db.send(new ScanCommand({ TableName: table, ExclusiveStartKey: startKey }));
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a campaign of the longest body', () => {
  const queue = createLocalCampaignQueue({ rate: 1000, pausedRecheckSeconds: 0.2 });
  const drain = async () => {
    await queue.tick();
    while (queue.waiting() > 0) {
      await sleep(100);
      await queue.tick();
    }
  };

  it.each(BODIES)(
    '%s: saved, previewed, tested and sent, with every item it stored under 400 KB as DynamoDB counts',
    async (name, unit, end) => {
      // Prepare: one person to send to, and the campaign's fields
      const markdown = longest(unit, end);
      const slug = `size-${process.pid}-${Date.now().toString(36)}`;
      const recipient = `size-${slug}@example.ca`;
      await writeItem(ownTables.subscribers, subscriberItem('eligible', recipient));
      const fields = {
        subject: `Long news ${slug}`,
        preheader: '',
        topic: 'newsletter',
        audience: 'candidate',
        markdown,
      };
      expect(markdown).toHaveLength(CAMPAIGN_LIMITS.markdown);

      // Act
      const created = await call('create', '', { json: { slug, ...fields } });
      const saved = await call('update', slug, { method: 'PUT', json: { ...fields, version: 0 } });
      const preview = await call('preview', '', { json: fields });
      const tested = await call('testSend', slug);
      const sent = await call('send', slug, { json: { version: 1 } });
      await drain();

      // Assess: each step answered, and the email arrived once, whole
      expect([created, saved, preview, tested, sent].map((answer) => answer.statusCode)).toEqual([
        201, 200, 200, 200, 202,
      ]);
      // (The people of the bodies before get it too: they are on the same list.)
      const emails = (await readCapturedEmails(sesEndpoint)).filter(
        (mail) => mail.subject === fields.subject && mail.destination.to.includes(recipient),
      );
      expect(emails).toHaveLength(1);
      const { text = '', html = '' } = emails[0]!.body;
      expect(text.trimEnd()).toContain(end);
      expect([count(text, '採'), count(html, '採')]).toEqual([count(markdown, '採'), count(markdown, '採')]);

      // Assess: every item the campaign left (draft, campaign, send record, anything else) as AWS measures it
      const sizes = (await scanAll(ownTables.campaigns))
        .filter((item) => item.id!.S!.includes(slug))
        .map((item) => ({ id: item.id!.S!, bytes: dynamoItemSize(item) }));
      console.log(`${name}: ${sizes.map(({ id, bytes }) => `${id} ${bytes.toLocaleString('en-CA')} B`).join('; ')}`);
      expect(sizes.filter(({ bytes }) => bytes > DYNAMODB_ITEM_MAX_BYTES)).toEqual([]);
      expect(sizes.map(({ id }) => id.split('#')[0])).toEqual(expect.arrayContaining(['draft', 'campaign', 'send']));
    },
  );
});
