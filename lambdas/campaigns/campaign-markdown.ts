import { createHash } from 'node:crypto';
import type { Tokens } from 'marked';
import {
  CAMPAIGN_AUDIENCES,
  CAMPAIGN_TOPICS,
  type CampaignAudience,
  type CampaignTopic,
} from '#shared/constants/campaigns.ts';
import { isSafeCampaignHref } from '#shared/console/campaigns.ts';
import { escapeHtml } from '#shared/escape-html.ts';
import type { CampaignContent } from '../data/campaign-item';
import { withCampaignTags } from './campaign-utm';

/** What an author writes: the front matter's fields and the Markdown body. */
export interface CampaignSource {
  slug: string;
  subject: string;
  preheader?: string;
  topic: CampaignTopic;
  audience: CampaignAudience;
  markdown: string;
}

/**
 * What is wrong with a campaign as written (its front matter, an empty body), in plain words for
 * its author. Anything else a rendering throws (a chunk that failed to load) is the system's.
 */
export class CampaignSourceProblem extends Error {}

/** The style of a link in the email's body; the site's archive drops it for its own stylesheet. */
export const EMAIL_LINK_STYLE = 'color:#0F4C5C';

/**
 * Site-relative links (`/blog`) become absolute: an email has no page to be relative to. A link into
 * the site carries the campaign's UTM tags (./campaign-utm.ts), the same for every recipient.
 */
const absolute = (href: string, siteUrl: string, slug: string) =>
  withCampaignTags(href.startsWith('/') ? `${siteUrl}${href}` : href, siteUrl, slug);

/**
 * Markdown to the email's HTML. Raw HTML in the Markdown is shown as text, never passed on, and
 * a link to anything but the web or an address (`javascript:`, `data:`) keeps its words and
 * loses its target: what owners type in the console reaches every subscriber's inbox.
 */
const htmlOf = async (markdown: string, siteUrl: string, slug: string) => {
  // marked is read and evaluated by the first rendering of a cold start, not at module load:
  // building its grammar (hundreds of regular expressions) was the console campaign function's
  // largest start-up cost, and the call a cold start of it serves first, the campaign list,
  // renders nothing (nor do a send's progress and results). It is a chunk of its own (lambda-build.ts).
  const { Marked } = await import('marked');
  return new Marked({
    gfm: true,
    renderer: {
      html({ text }: Tokens.HTML | Tokens.Tag) {
        return escapeHtml(text);
      },
      link({ href, tokens }: Tokens.Link) {
        const words = this.parser.parseInline(tokens);
        if (!isSafeCampaignHref(href)) return words;
        return `<a href="${escapeHtml(absolute(href, siteUrl, slug))}" style="${EMAIL_LINK_STYLE}">${words}</a>`;
      },
      image({ text }: Tokens.Image) {
        // No remote images: they would load from elsewhere as the email opens (a tracking pixel).
        return escapeHtml(text);
      },
    },
  })
    .parse(markdown, { async: false })
    .trim();
};

/** Markdown reads well as plain text; only links are spelt out and emphasis marks dropped. */
const textOf = (markdown: string, siteUrl: string, slug: string) =>
  markdown
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_all, label: string, href: string) =>
      isSafeCampaignHref(href) ? `${label} (${absolute(href, siteUrl, slug)})` : label,
    )
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/^#{1,6}\s+/gm, '')
    .trim();

/**
 * A campaign rendered for sending: the body as HTML and as text with absolute links to
 * `siteUrl` (tagged with the campaign's UTM values), and the hash that lets a later send refuse
 * changed content. The one rendering the operator command, the console's preview and test copy,
 * and the sent email share; only the per-recipient part is added at send time (campaign-mail.ts).
 */
export const renderCampaign = async (source: CampaignSource, siteUrl: string): Promise<CampaignContent> => {
  const fields = {
    slug: source.slug,
    subject: source.subject,
    preheader: source.preheader,
    topic: source.topic,
    audience: source.audience,
    bodyHtml: await htmlOf(source.markdown, siteUrl, source.slug),
    bodyText: textOf(source.markdown, siteUrl, source.slug),
  };
  if (!fields.bodyText) throw new CampaignSourceProblem('the body is empty');
  const contentHash = createHash('sha256').update(JSON.stringify(fields)).digest('hex');
  return { ...fields, contentHash };
};

const oneOf = <T extends string>(field: string, value: unknown, allowed: readonly T[]): T => {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new CampaignSourceProblem(
      `front matter "${field}" must be one of ${allowed.join(', ')}; got ${JSON.stringify(value)}`,
    );
  }
  return value as T;
};

const line = (field: string, value: unknown, required: boolean): string | undefined => {
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value.trim() === '' || /[\r\n]/.test(value)) {
    throw new CampaignSourceProblem(`front matter "${field}" must be one line of text`);
  }
  return value.trim();
};

/** The file's front matter and body; YAML that does not parse is the author's to fix. */
const frontMatterOf = (matter: (text: string) => { data: Record<string, unknown>; content: string }, text: string) => {
  try {
    return matter(text);
  } catch (error) {
    throw new CampaignSourceProblem((error as Error).message);
  }
};

/**
 * A campaign file's text (`web/content/campaigns/<slug>.md`): front matter `subject`, optional
 * `preheader`, `topic` and `audience`, checked, then the Markdown body. Throws a CampaignSourceProblem in plain words.
 */
export const readCampaignSource = async (slug: string, fileText: string): Promise<CampaignSource> => {
  // The front matter reader (gray-matter with js-yaml, whose schemas are built at its load) is
  // read at the first campaign file a cold start reads, as marked is above.
  const { default: matter } = await import('gray-matter');
  const { data, content } = frontMatterOf(matter, fileText);
  return {
    slug,
    subject: line('subject', data.subject, true)!,
    preheader: line('preheader', data.preheader, false),
    topic: oneOf<CampaignTopic>('topic', data.topic, CAMPAIGN_TOPICS),
    audience: oneOf<CampaignAudience>('audience', data.audience, CAMPAIGN_AUDIENCES),
    markdown: content,
  };
};
