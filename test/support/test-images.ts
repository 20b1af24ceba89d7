/**
 * Images and not-images for the image checks' tests (lambdas/domain/image-bytes.ts and the Posts
 * screen's image routes): two of the site's own files (a 1280 × 720 JPEG, a 1200 × 630 PNG), the
 * three kinds of WebP header as 1 × 1 images (lossy, lossless, extended: the images browsers'
 * WebP detection decodes), and what an attacker would send instead: a web page and an SVG drawing.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const siteFile = (...parts: string[]) => readFileSync(path.join(__dirname, '..', '..', 'web', 'public', ...parts));

export const JPEG_1280x720 = siteFile('media', 'hiring-for-the-holidays-poster.jpg');
export const PNG_1200x630 = siteFile('images', 'blog', 'og', 'hiring-for-the-holidays.png');
export const WEBP_1x1 = {
  lossy: Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64'),
  lossless: Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64'),
  extended: Buffer.from(
    'UklGRjoAAABXRUJQVlA4WAoAAAAQAAAAAAAAAAAAQUxQSAwAAAARBxAR/Q9ERP8DAABWUDggGAAAABQBAJ0BKgEAAQAAAP4AAA3AAP7mtQAAAA==',
    'base64',
  ),
};
export const HTML_PAGE = Buffer.from(
  '<!doctype html><html><body><script>fetch("/api/admin/posts/all").then((r) => r.text()).then(alert)</script></body></html>',
);
export const SVG_DRAWING = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);
