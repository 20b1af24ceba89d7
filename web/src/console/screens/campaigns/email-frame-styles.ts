/**
 * The preview shows the email's HTML as sent, in an `<iframe srcdoc>`. A srcdoc document inherits
 * the console's Content-Security-Policy, whose style-src has no 'unsafe-inline' (kept so strict on
 * purpose, infra/cdk/site/security-headers.ts), and a policy of its own (a CSP <meta> in the email)
 * could only add to it, never lift it: Chromium refuses every `style=""` of the email, and logs one
 * error per attribute (36 on a campaign's page). So the frame is given the email with each
 * `style="…"` renamed `data-email-style="…"` (withStylesHeld: nothing else of the markup changes,
 * and renaming back gives the email exactly), which no policy governs, and once it has loaded the
 * console applies each element's declarations through the CSSOM, which style-src does not govern
 * either ("styles properties that are set directly on the element's style property will not be
 * blocked", https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Content-Security-Policy/style-src).
 * The email looks as in an inbox, the page logs no CSP error, and the console's policy stays as
 * it is. The frame keeps `sandbox` without `allow-scripts`: nothing in the email can run.
 */

/** The attribute that holds an element's inline style in the preview's frame. */
export const HELD_STYLE = 'data-email-style';

/**
 * The email's HTML with every `style` attribute of a tag renamed HELD_STYLE, quotes and value as
 * they were. Text cannot match: the renderer escapes `<` in text, so a match starts at a tag.
 */
export const withStylesHeld = (html: string) => html.replace(/(<[a-zA-Z][^<>]*?\s)style=(?=["'])/g, `$1${HELD_STYLE}=`);

/** `a:b; c:'d;e'` -> [[a, b], [c, "'d;e'"]]: splits on `;` and the first `:` outside quotes and brackets. */
export function declarationsOf(style: string): [name: string, value: string, priority: string][] {
  const parts: string[] = [];
  let current = '';
  let quote = '';
  let depth = 0;
  for (const character of style) {
    if (quote) {
      if (character === quote) quote = '';
    } else if (character === '"' || character === "'") quote = character;
    else if (character === '(') depth += 1;
    else if (character === ')') depth = Math.max(0, depth - 1);
    else if (character === ';' && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += character;
  }
  parts.push(current);
  return parts.flatMap((part) => {
    const colon = part.indexOf(':');
    if (colon < 1) return [];
    const name = part.slice(0, colon).trim().toLowerCase();
    const important = /\s*!\s*important\s*$/i;
    const raw = part.slice(colon + 1).trim();
    return [[name, raw.replace(important, ''), important.test(raw) ? 'important' : ''] as [string, string, string]];
  });
}

/** Applies every held inline style of the frame's document through the CSSOM (see above). */
export function applyEmailStyles(frameDocument: Document) {
  for (const element of frameDocument.querySelectorAll<HTMLElement>(`[${HELD_STYLE}]`)) {
    for (const [name, value, priority] of declarationsOf(element.getAttribute(HELD_STYLE) ?? ''))
      element.style.setProperty(name, value, priority);
  }
}
