import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PUBLIC_DIR } from './site-files';

/** The palette of docs/spec/brand.md. */
export const C = {
  ink: '#1D2433',
  paper: '#FBF8F3',
  muted: '#4A5568',
  teal: '#0F4C5C',
  tealDeep: '#0C3E4B',
  tealMid: '#3E7A88',
  tealSoft: '#A9CBD2',
  tealTint: '#E6F0F2',
  amber: '#B85407',
  amberDeep: '#9E4606',
  amberSoft: '#E8A25E',
  amberTint: '#F3DCC4',
  sand: '#FBEFE3',
} as const;

/** Font stacks for what resvg renders to PNG (outlines from the system fonts). */
export const SERIF = "'Liberation Serif', 'DejaVu Serif', Georgia, serif";
export const SANS = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif";

/** For SVG served as is: browsers use the first family they have; Liberation/DejaVu serve Linux and resvg. */
export const WEB_SANS =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";
export const WEB_SERIF = "Georgia, 'Iowan Old Style', 'Times New Roman', 'Liberation Serif', 'DejaVu Serif', serif";

/** The logo mark (a chinook arch over the foothills), read from the committed favicon. */
export function markGroup(idSuffix: string): string {
  const favicon = readFileSync(path.join(PUBLIC_DIR, 'favicon.svg'), 'utf8');
  return favicon
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/id="m"/g, `id="m${idSuffix}"`)
    .replace(/url\(#m\)/g, `url(#m${idSuffix})`);
}
