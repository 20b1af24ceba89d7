import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import matter from 'gray-matter';
import { Marked, type Tokens } from 'marked';
import {
  CAMPAIGN_AUDIENCES,
  CAMPAIGN_SLUG,
  CAMPAIGN_TOPICS,
  type CampaignAudience,
  type CampaignTopic,
} from '#shared/constants/campaigns.ts';
import type { CampaignContent } from '#lambdas/data/campaign-item.ts';

export const CAMPAIGNS_DIR = path.resolve(__dirname, '..', '..', '..', 'web', 'content', 'campaigns');

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Site-relative links (`/blog`) become absolute: an email has no page to be relative to. */
const absolute = (href: string, siteUrl: string) => (href.startsWith('/') ? `${siteUrl}${href}` : href);

const htmlOf = (markdown: string, siteUrl: string) =>
  new Marked({
    gfm: true,
    renderer: {
      link({ href, tokens }: Tokens.Link) {
        return `<a href="${escapeAttribute(absolute(href, siteUrl))}" style="color:#0F4C5C">${this.parser.parseInline(tokens)}</a>`;
      },
    },
  })
    .parse(markdown, { async: false })
    .trim();

/** Markdown reads well as plain text; only links are spelt out and emphasis marks dropped. */
const textOf = (markdown: string, siteUrl: string) =>
  markdown
    .replace(
      /\[([^\]]+)\]\(([^)\s]+)\)/g,
      (_all, label: string, href: string) => `${label} (${absolute(href, siteUrl)})`,
    )
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/^#{1,6}\s+/gm, '')
    .trim();

const oneOf = <T extends string>(field: string, value: unknown, allowed: readonly T[]): T => {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new Error(`front matter "${field}" must be one of ${allowed.join(', ')}; got ${JSON.stringify(value)}`);
  }
  return value as T;
};

const text = (field: string, value: unknown, required: boolean): string | undefined => {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.trim() === '' || /[\r\n]/.test(value)) {
    throw new Error(`front matter "${field}" must be one line of text`);
  }
  return value.trim();
};

/**
 * A campaign file `web/content/campaigns/<slug>.md` rendered for sending: front matter
 * (subject, optional preheader, topic, audience) checked, the body as HTML and as text with
 * absolute links to `siteUrl`. The hash lets a later send refuse changed content. CAMPAIGNS_DIR
 * points elsewhere (tests, benchmarks).
 */
export const loadCampaign = (
  slug: string,
  siteUrl: string,
  dir = process.env.CAMPAIGNS_DIR ?? CAMPAIGNS_DIR,
): CampaignContent => {
  if (!CAMPAIGN_SLUG.test(slug))
    throw new Error(`"${slug}" is not a campaign slug (lower-case letters, digits and hyphens)`);
  const file = path.join(dir, `${slug}.md`);
  if (!existsSync(file)) throw new Error(`No campaign file ${path.relative(process.cwd(), file)}`);
  const { data, content } = matter(readFileSync(file, 'utf8'));
  try {
    const fields = {
      slug,
      subject: text('subject', data.subject, true)!,
      preheader: text('preheader', data.preheader, false),
      topic: oneOf<CampaignTopic>('topic', data.topic, CAMPAIGN_TOPICS),
      audience: oneOf<CampaignAudience>('audience', data.audience, CAMPAIGN_AUDIENCES),
      bodyHtml: htmlOf(content, siteUrl),
      bodyText: textOf(content, siteUrl),
    };
    if (!fields.bodyText) throw new Error('the body is empty');
    const contentHash = createHash('sha256').update(JSON.stringify(fields)).digest('hex');
    return { ...fields, contentHash };
  } catch (error) {
    throw new Error(`${path.relative(process.cwd(), file)}: ${(error as Error).message}`);
  }
};
