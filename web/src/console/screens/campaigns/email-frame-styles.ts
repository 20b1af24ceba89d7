/**
 * The preview shows the email's HTML exactly as sent, in an `<iframe srcdoc>`. A srcdoc document
 * inherits the console's Content-Security-Policy, whose style-src has no 'unsafe-inline' (kept so
 * strict on purpose, infra/site/security-headers.ts): Chromium parses every `style=""` of the email
 * but applies none. Declarations set one by one through the CSSOM are not governed by style-src
 * ("styles properties that are set directly on the element's style property will not be blocked",
 * https://developer.mozilla.org/en-US/docs/Web/HTTP/Headers/Content-Security-Policy/style-src),
 * so the console applies each element's own declarations that way once the frame has loaded: the
 * email's markup is untouched and looks as in an inbox, and the console's policy stays as it is.
 * The frame keeps `sandbox` without `allow-scripts`: nothing in the email can run.
 */

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

/** Applies every `style` attribute of the frame's document through the CSSOM (see above). */
export function applyEmailStyles(frameDocument: Document) {
  for (const element of frameDocument.querySelectorAll<HTMLElement>('[style]')) {
    for (const [name, value, priority] of declarationsOf(element.getAttribute('style') ?? ''))
      element.style.setProperty(name, value, priority);
  }
}
