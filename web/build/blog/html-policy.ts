/**
 * Lints a post's rendered HTML (build-time content from this repository, not user input):
 * the site's CSP forbids inline styles and scripts, the page title is the only h1, images
 * are sized to avoid layout shift, external links open safely, and local links and media
 * point at something that exists.
 */
export interface HtmlPolicyContext {
  /** Decoded site paths a body may link to: the pages and every post. */
  knownPaths: ReadonlySet<string>;
  /** Whether a site-relative file (e.g. `/images/blog/x.png`) is in the public folder. */
  publicFileExists: (sitePath: string) => boolean;
}

const FORBIDDEN: ReadonlyArray<[RegExp, string]> = [
  [/<[a-z][^>]*\sstyle\s*=/i, 'has an inline style attribute (the CSP forbids them; use a class from blog.css)'],
  [/<style\b/i, 'has a <style> element (the CSP forbids inline styles)'],
  [/<script\b/i, 'has a <script> element (the CSP forbids inline scripts)'],
  [/<[a-z][^>]*\son[a-z]+\s*=/i, 'has an inline event handler (the CSP forbids inline scripts)'],
  [/\b(?:href|src)\s*=\s*["']?\s*javascript:/i, 'has a javascript: URL'],
  [/<h1\b/i, 'has a level-1 heading; the post title is the page\'s only h1, so start sections at "##"'],
];

const tagsOf = (html: string, tag: string): string[] => html.match(new RegExp(`<${tag}\\b[^>]*>`, 'gi')) ?? [];

/** marked writes ' as &#39; in attributes: decode before reading a path out of one. */
const decodeEntities = (value: string): string =>
  value
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(
      /&(quot|apos|lt|gt|amp);/g,
      (_, name: string) => ({ quot: '"', apos: "'", lt: '<', gt: '>', amp: '&' })[name] ?? '',
    );

const attribute = (tagHtml: string, name: string): string | undefined => {
  const raw = new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tagHtml)?.[1];
  return raw === undefined ? undefined : decodeEntities(raw);
};

function imageProblems(html: string): string[] {
  return tagsOf(html, 'img')
    .filter((img) => attribute(img, 'width') === undefined || attribute(img, 'height') === undefined)
    .map((img) => `image ${attribute(img, 'src') ?? img} needs width and height attributes (layout shift)`);
}

function externalLinkProblems(html: string): string[] {
  return tagsOf(html, 'a')
    .filter((a) => /^https?:\/\//i.test(attribute(a, 'href') ?? ''))
    .filter((a) => attribute(a, 'target') !== '_blank' || !/\bnoopener\b/.test(attribute(a, 'rel') ?? ''))
    .map(
      (a) =>
        `external link ${attribute(a, 'href')} must open in a new tab with rel="noopener" (write it as a Markdown link)`,
    );
}

const sitePathOf = (url: string): string | undefined => {
  if (!url.startsWith('/') || url.startsWith('//')) return undefined;
  const path = url.replace(/[?#].*$/, '');
  try {
    return decodeURIComponent(path).replace(/(.)\/+$/, '$1');
  } catch {
    return path;
  }
};

function localReferenceProblems(html: string, context: HtmlPolicyContext): string[] {
  const problems: string[] = [];
  for (const a of tagsOf(html, 'a')) {
    const path = sitePathOf(attribute(a, 'href') ?? '');
    if (path && !context.knownPaths.has(path) && !context.publicFileExists(path)) {
      problems.push(`link to ${path} points at no page or file of this site`);
    }
  }
  for (const tag of [...tagsOf(html, 'img'), ...tagsOf(html, 'video'), ...tagsOf(html, 'source')]) {
    for (const name of ['src', 'poster']) {
      const path = sitePathOf(attribute(tag, name) ?? '');
      if (path && !context.publicFileExists(path)) problems.push(`${name} ${path} is not in web/public`);
    }
  }
  return problems;
}

export function findHtmlPolicyProblems(html: string, context: HtmlPolicyContext): string[] {
  return [
    ...FORBIDDEN.filter(([pattern]) => pattern.test(html)).map(([, problem]) => `body ${problem}`),
    ...imageProblems(html),
    ...externalLinkProblems(html),
    ...localReferenceProblems(html, context),
  ];
}
