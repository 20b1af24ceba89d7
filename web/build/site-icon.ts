/**
 * The site icon, inlined into every page as a `data:` URI (allowed by the CSP's
 * `img-src 'self' data:`). Chrome requests a linked icon at High priority around the load
 * event; when that request finished before the first frame was presented, Lighthouse's LCP
 * estimate counted it and rose by a simulated round trip (docs/decisions/0062-compile-hints.md).
 * Inlined, the icon costs no request. The file stays in web/public for whoever asks for it.
 */
export const SITE_ICON_FILE = 'favicon.svg';

/** An SVG as a `data:` URI: whitespace collapsed, only the characters a URL cannot carry escaped. */
export const svgDataUri = (svg: string) =>
  `data:image/svg+xml,${svg
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[%#<>"]/g, encodeURIComponent)}`;
