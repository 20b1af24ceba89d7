/**
 * Blog media generator. Run once by hand; its outputs are committed, not built on every build:
 *
 *   npx tsx web/build/blog-images/generate.ts            # everything
 *   npx tsx web/build/blog-images/generate.ts banners    # banners + OG PNGs only
 *   npx tsx web/build/blog-images/generate.ts holidays   # holiday infographic, video, poster
 *
 * Writes, for each post in web/content/posts (<base> = slug without apostrophes):
 *   web/public/images/blog/<base>.svg      1200×630 geometric banner/card, seeded from the slug
 *                                          (no text: the page prints the title next to it)
 *   web/public/images/blog/og/<base>.png   1200×630 Open Graph card with the title and firm name
 * and for the holiday post:
 *   web/public/images/blog/hiring-for-the-holidays-infographic.svg   1200×1500, real SVG text
 *   web/public/media/hiring-for-the-holidays.mp4                     ~20 s, 1280×720 H.264
 *   web/public/media/hiring-for-the-holidays-poster.jpg              1280×720
 *
 * Needs @resvg/resvg-js (devDependency), ffmpeg with libx264 on PATH, and system fonts
 * Liberation Serif/Sans or DejaVu (Debian: fonts-liberation, fonts-dejavu-core) for the PNGs.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import matter from 'gray-matter';
import { BUSINESS } from '../../../shared/constants/business';
import { imageBaseName } from '../blog/front-matter';

const WEB = path.resolve(__dirname, '../..');
const PUBLIC = path.join(WEB, 'public');
const BLOG_DIR = path.join(PUBLIC, 'images/blog');
const OG_DIR = path.join(BLOG_DIR, 'og');
const MEDIA_DIR = path.join(PUBLIC, 'media');

/** The posts' slugs and titles from their front matter (the only list of posts), newest first. */
function readPosts(): { slug: string; title: string }[] {
  const postsDir = path.join(WEB, 'content/posts');
  return readdirSync(postsDir)
    .filter((file) => file.endsWith('.md'))
    .map(
      (file) =>
        matter(readFileSync(path.join(postsDir, file), 'utf8'), {}).data as { id: number; slug: string; title: string },
    )
    .sort((a, b) => a.id - b.id);
}

// ---------------------------------------------------------------------------------------------
// Palette (docs/spec/brand.md) and the banner themes drawn from it
// ---------------------------------------------------------------------------------------------
const C = {
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

interface Theme {
  name: string;
  bg: string;
  /** Main shape colours, then the sparing accent. */
  shapes: [string, string, string];
  accent: string;
}

const THEMES: readonly Theme[] = [
  { name: 'teal', bg: C.teal, shapes: [C.tealMid, C.tealDeep, C.tealTint], accent: C.amberSoft },
  { name: 'tint', bg: C.tealTint, shapes: [C.teal, C.tealSoft, C.paper], accent: C.amber },
  { name: 'amber', bg: C.amber, shapes: [C.amberDeep, C.amberSoft, C.amberTint], accent: C.teal },
  { name: 'sand', bg: C.sand, shapes: [C.amber, C.amberTint, C.amberSoft], accent: C.teal },
  { name: 'ink', bg: C.ink, shapes: [C.tealMid, C.teal, C.tealTint], accent: C.amberSoft },
  { name: 'paper', bg: C.paper, shapes: [C.teal, C.tealTint, C.amberTint], accent: C.amber },
];

// ---------------------------------------------------------------------------------------------
// Seeded randomness: FNV-1a hash of the slug feeding mulberry32
// ---------------------------------------------------------------------------------------------
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function rng(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
  };
}

const n = (v: number) => (Math.round(v * 10) / 10).toString();

// ---------------------------------------------------------------------------------------------
// Banner: a mosaic of Bauhaus-style tiles on a grid
// ---------------------------------------------------------------------------------------------
type Tile = 'quarter' | 'half' | 'circle' | 'ring' | 'triangle' | 'lens' | 'dots' | 'bars' | 'blank';
const TILE_WEIGHTS: [Tile, number][] = [
  ['quarter', 5],
  ['half', 4],
  ['circle', 3],
  ['ring', 2],
  ['triangle', 3],
  ['lens', 2],
  ['dots', 1],
  ['bars', 1],
  ['blank', 5],
];

function pickTile(r: ReturnType<typeof rng>): Tile {
  const total = TILE_WEIGHTS.reduce((s, [, w]) => s + w, 0);
  let x = r.next() * total;
  for (const [tile, w] of TILE_WEIGHTS) if ((x -= w) < 0) return tile;
  return 'blank';
}

/** One tile's SVG at (x, y) with side s; `corner` 0..3 = TL, TR, BR, BL. */
function tileSvg(tile: Tile, x: number, y: number, s: number, corner: number, fill: string): string {
  const corners = [
    [x, y],
    [x + s, y],
    [x + s, y + s],
    [x, y + s],
  ];
  const [cx, cy] = corners[corner];
  const [ax, ay] = corners[(corner + 1) % 4];
  const [bx, by] = corners[(corner + 3) % 4];
  switch (tile) {
    case 'quarter': // quarter disc centred on a corner
      return `<path d="M${n(cx)} ${n(cy)}L${n(ax)} ${n(ay)}A${n(s)} ${n(s)} 0 0 1 ${n(bx)} ${n(by)}Z" fill="${fill}"/>`;
    case 'half': {
      // half disc standing on one side
      const [px, py] = corners[corner];
      const [qx, qy] = corners[(corner + 1) % 4];
      return `<path d="M${n(px)} ${n(py)}A${n(s / 2)} ${n(s / 2)} 0 0 0 ${n(qx)} ${n(qy)}Z" fill="${fill}"/>`;
    }
    case 'circle':
      return `<circle cx="${n(x + s / 2)}" cy="${n(y + s / 2)}" r="${n(s * 0.42)}" fill="${fill}"/>`;
    case 'ring':
      return `<circle cx="${n(x + s / 2)}" cy="${n(y + s / 2)}" r="${n(s * 0.32)}" fill="none" stroke="${fill}" stroke-width="${n(s * 0.13)}"/>`;
    case 'triangle': // half the square, split on a diagonal
      return `<path d="M${n(cx)} ${n(cy)}L${n(ax)} ${n(ay)}L${n(bx)} ${n(by)}Z" fill="${fill}"/>`;
    case 'lens': {
      // leaf: two quarter arcs between opposite corners
      const [ox, oy] = corners[(corner + 2) % 4];
      return `<path d="M${n(cx)} ${n(cy)}A${n(s)} ${n(s)} 0 0 1 ${n(ox)} ${n(oy)}A${n(s)} ${n(s)} 0 0 1 ${n(cx)} ${n(cy)}Z" fill="${fill}"/>`;
    }
    case 'dots': {
      let d = '';
      for (let i = 0; i < 3; i++)
        for (let j = 0; j < 3; j++) {
          const px = x + s * (0.25 + i * 0.25);
          const py = y + s * (0.25 + j * 0.25);
          const r = s * 0.055;
          d += `M${n(px - r)} ${n(py)}a${n(r)} ${n(r)} 0 1 0 ${n(2 * r)} 0a${n(r)} ${n(r)} 0 1 0 ${n(-2 * r)} 0`;
        }
      return `<path d="${d}" fill="${fill}"/>`;
    }
    case 'bars': {
      const w = s * 0.12;
      const vertical = corner % 2 === 0;
      let d = '';
      for (let i = 0; i < 3; i++) {
        const o = s * (0.2 + i * 0.26);
        d += vertical
          ? `M${n(x + o)} ${n(y + s * 0.16)}h${n(w)}v${n(s * 0.68)}h${n(-w)}z`
          : `M${n(x + s * 0.16)} ${n(y + o)}v${n(w)}h${n(s * 0.68)}v${n(-w)}z`;
      }
      return `<path d="${d}" fill="${fill}"/>`;
    }
    default:
      return '';
  }
}

/**
 * The slug's hash picks the colour, among the themes least used so far and not used by the two
 * previous posts, so neighbours on the blog grid differ and the colours stay balanced.
 */
function themeFor(slug: string, used: Theme[]): Theme {
  const recent = used.slice(-2);
  const count = (t: Theme) => used.filter((u) => u === t).length;
  const open = THEMES.filter((t) => !recent.includes(t));
  const least = Math.min(...open.map(count));
  const candidates = open.filter((t) => count(t) === least);
  return candidates[hash(`theme:${slug}`) % candidates.length];
}

/** The banner's shapes (no <svg> wrapper), reused by the OG card. */
function bannerShapes(slug: string, theme: Theme): string {
  const r = rng(hash(slug));
  const cols = r.pick([6, 8, 8]);
  const s = 1200 / cols;
  const rows = Math.ceil(630 / s);
  const y0 = (630 - rows * s) / 2;
  const parts: string[] = [`<rect width="1200" height="630" fill="${theme.bg}"/>`];
  // One larger motif spanning 2×2 cells gives each banner a focal point.
  const bigCol = 1 + r.int(cols - 3);
  const bigRow = r.int(Math.max(1, rows - 1));
  for (let row = 0; row < rows; row++) {
    for (let col = 0; col < cols; col++) {
      const inBig = (col === bigCol || col === bigCol + 1) && (row === bigRow || row === bigRow + 1);
      if (inBig) continue;
      const x = col * s;
      const y = y0 + row * s;
      const tile = pickTile(r);
      if (tile === 'blank') continue;
      const corner = r.int(4);
      const useAccent = r.next() < 0.08;
      const shapeColor = useAccent
        ? theme.accent
        : r.pick([theme.shapes[0], theme.shapes[0], theme.shapes[1], theme.shapes[2]]);
      if (r.next() < 0.3) {
        const ground = r.pick(theme.shapes.filter((c) => c !== shapeColor));
        parts.push(`<rect x="${n(x)}" y="${n(y)}" width="${n(s)}" height="${n(s)}" fill="${ground}"/>`);
      }
      parts.push(tileSvg(tile, x, y, s, corner, shapeColor));
    }
  }
  const bx = bigCol * s;
  const by = y0 + bigRow * s;
  const big = r.pick<Tile>(['quarter', 'circle', 'half', 'lens']);
  parts.push(
    `<rect x="${n(bx)}" y="${n(by)}" width="${n(2 * s)}" height="${n(2 * s)}" fill="${theme.shapes[r.int(2)]}"/>`,
  );
  parts.push(tileSvg(big, bx, by, 2 * s, r.int(4), theme.accent));
  return parts.join('');
}

function bannerSvg(slug: string, theme: Theme): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">${bannerShapes(slug, theme)}</svg>\n`;
}

// ---------------------------------------------------------------------------------------------
// Text rendering helpers (resvg converts text to outlines with the system fonts)
// ---------------------------------------------------------------------------------------------
const SERIF = "'Liberation Serif', 'DejaVu Serif', Georgia, serif";
const SANS = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif";

const resvgOptions = (width: number) => ({
  fitTo: { mode: 'width' as const, value: width },
  font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
});

function renderPng(svg: string, width: number): Buffer {
  return new Resvg(svg, resvgOptions(width)).render().asPng();
}

const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Typographic apostrophes for rendered titles. */
const typeset = (text: string) => text.replace(/'/g, '\u2019');

function textWidth(text: string, size: number, family: string, weight = 700): number {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="400"><text x="0" y="200" font-family="${esc(family)}" font-size="${size}" font-weight="${weight}">${esc(text)}</text></svg>`;
  const box = new Resvg(svg, resvgOptions(4000)).getBBox();
  return box ? box.width : text.length * size * 0.5;
}

function wrap(text: string, size: number, family: string, maxWidth: number, weight = 700): string[] {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, family, weight) > maxWidth) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

/** The logo mark (a chinook arch over the foothills), read from the committed favicon. */
function markGroup(idSuffix: string): string {
  const favicon = readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');
  return favicon
    .replace(/^[\s\S]*?<svg[^>]*>/, '')
    .replace(/<\/svg>\s*$/, '')
    .replace(/id="m"/g, `id="m${idSuffix}"`)
    .replace(/url\(#m\)/g, `url(#m${idSuffix})`);
}

// ---------------------------------------------------------------------------------------------
// Open Graph card: the banner with a paper panel carrying the title and the firm's name
// ---------------------------------------------------------------------------------------------
function ogSvg(slug: string, title: string, theme: Theme): string {
  const panelX = 56;
  const panelY = 56;
  const panelW = 760;
  const panelH = 518;
  const textX = panelX + 52;
  const maxWidth = panelW - 104;
  // Short titles get display size; long ones step down until they fit in four lines.
  let size = 76;
  let lines = wrap(typeset(title), size, SERIF, maxWidth);
  for (const candidate of [64, 58, 52, 48, 44]) {
    if (lines.length <= (size >= 76 ? 2 : 4)) break;
    size = candidate;
    lines = wrap(typeset(title), size, SERIF, maxWidth);
  }
  const lead = Math.round(size * 1.16);
  const blockTop = panelY + 112;
  const available = panelH - 112 - 120;
  const firstBaseline = blockTop + Math.max(0, (available - lead * lines.length) / 2) + size * 0.8;
  const titleText = lines
    .map(
      (line, i) =>
        `<text x="${textX}" y="${n(firstBaseline + i * lead)}" font-family="${SERIF}" font-size="${size}" font-weight="700" fill="${C.ink}">${esc(line)}</text>`,
    )
    .join('');
  const border = theme.bg === C.paper || theme.bg === C.sand ? ` stroke="#D9D4CC" stroke-width="2"` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">${bannerShapes(slug, theme)}
<rect x="${panelX + 8}" y="${panelY + 10}" width="${panelW}" height="${panelH}" rx="22" fill="${C.ink}" opacity="0.12"/>
<rect x="${panelX}" y="${panelY}" width="${panelW}" height="${panelH}" rx="22" fill="${C.paper}"${border}/>
<rect x="${textX}" y="${panelY + 60}" width="44" height="6" rx="3" fill="${C.amber}"/>
<text x="${textX + 60}" y="${panelY + 69}" font-family="${SANS}" font-size="20" font-weight="700" letter-spacing="3" fill="${C.teal}">FROM THE BLOG</text>
${titleText}
<path d="M${textX} ${panelY + panelH - 104}H${panelX + panelW - 52}" stroke="#D9D4CC" stroke-width="2"/>
<g transform="translate(${textX} ${panelY + panelH - 80}) scale(0.78)">${markGroup('og')}</g>
<text x="${textX + 66}" y="${panelY + panelH - 46}" font-family="${SANS}" font-size="26" font-weight="700" fill="${C.ink}">${esc(BUSINESS.name)}</text>
<text x="${panelX + panelW - 52}" y="${panelY + panelH - 46}" text-anchor="end" font-family="${SANS}" font-size="22" fill="${C.muted}">${esc(BUSINESS.city)}, ${esc(BUSINESS.province)}</text>
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Holiday post: infographic (SVG with real text), video cards, poster
// ---------------------------------------------------------------------------------------------
export const HOLIDAY_STEPS: readonly { title: string; detail: [string, string] }[] = [
  {
    title: 'Clarify the seasonal role\u2019s outcomes',
    detail: ['Decide what this person must achieve by', 'January, not just which tasks they cover.'],
  },
  {
    title: 'Write the expectations as observable actions',
    detail: ['\u201cGreets every customer within 30 seconds\u201d', 'beats \u201cgood with people.\u201d'],
  },
  {
    title: 'Start recruiting 8 weeks before the rush',
    detail: ['The best seasonal people commit early.', 'Post, screen and offer before November.'],
  },
  {
    title: 'Onboard in the first shift with a buddy',
    detail: ['Pair each new hire with a steady colleague', 'who shows them the job, not just the manual.'],
  },
  {
    title: 'Keep in touch with great seasonal staff for next year',
    detail: ['Thank them, ask what would bring them back,', 'and invite them first next season.'],
  },
];

/** Browsers use the first family they have; the Liberation/DejaVu names serve Linux and resvg. */
const WEB_SANS =
  "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Liberation Sans', 'DejaVu Sans', sans-serif";
const WEB_SERIF = "Georgia, 'Iowan Old Style', 'Times New Roman', 'Liberation Serif', 'DejaVu Serif', serif";

/** A geometric snowflake: six spokes with chevrons, centred on (x, y). */
function snowflake(x: number, y: number, r: number, color: string, width: number): string {
  let d = '';
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 3) * i - Math.PI / 2;
    const ex = x + Math.cos(a) * r;
    const ey = y + Math.sin(a) * r;
    d += `M${n(x)} ${n(y)}L${n(ex)} ${n(ey)}`;
    const mx = x + Math.cos(a) * r * 0.6;
    const my = y + Math.sin(a) * r * 0.6;
    for (const side of [-1, 1]) {
      const b = a + side * 0.7;
      d += `M${n(mx)} ${n(my)}L${n(mx + Math.cos(b) * r * 0.3)} ${n(my + Math.sin(b) * r * 0.3)}`;
    }
  }
  return `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;
}

/** A stacked-triangle spruce with its base centre at (x, y). */
function spruce(x: number, y: number, h: number, color: string): string {
  const w = h * 0.62;
  const t = (top: number, bottom: number, half: number) =>
    `M${n(x)} ${n(y - h + top)}L${n(x + half)} ${n(y - h + bottom)}H${n(x - half)}Z`;
  return `<path d="${t(0, h * 0.42, w * 0.32)}${t(h * 0.22, h * 0.66, w * 0.42)}${t(h * 0.44, h * 0.9, w * 0.5)}M${n(x - h * 0.05)} ${n(y - h * 0.1)}h${n(h * 0.1)}v${n(h * 0.1)}h${n(-h * 0.1)}z" fill="${color}"/>`;
}

function stepIcon(step: number, x: number, y: number): string {
  // 72×72 line icons centred on (x, y), teal strokes with one amber detail.
  const g = (body: string) =>
    `<g fill="none" stroke="${C.teal}" stroke-width="4" stroke-linecap="round" stroke-linejoin="round">${body}</g>`;
  switch (step) {
    case 0: // target
      return (
        g(`<circle cx="${x}" cy="${y}" r="30"/><circle cx="${x}" cy="${y}" r="18"/>`) +
        `<circle cx="${x}" cy="${y}" r="7" fill="${C.amber}"/>`
      );
    case 1: // checklist
      return (
        g(
          `<rect x="${x - 26}" y="${y - 32}" width="52" height="64" rx="6"/><path d="M${x - 14} ${y - 14}l5 5 9-10M${x - 14} ${y + 8}l5 5 9-10"/>`,
        ) +
        `<path d="M${x + 4} ${y - 12}h12M${x + 4} ${y + 10}h12" stroke="${C.amber}" stroke-width="4" stroke-linecap="round"/>`
      );
    case 2: // calendar
      return (
        g(
          `<rect x="${x - 30}" y="${y - 26}" width="60" height="56" rx="6"/><path d="M${x - 30} ${y - 10}h60M${x - 16} ${y - 34}v14M${x + 16} ${y - 34}v14"/>`,
        ) + `<rect x="${x - 6}" y="${y + 2}" width="14" height="14" rx="2" fill="${C.amber}"/>`
      );
    case 3: // two people
      return (
        g(`<circle cx="${x - 13}" cy="${y - 14}" r="10"/><path d="M${x - 32} ${y + 26}c0-16 8-24 19-24s19 8 19 24"/>`) +
        `<g fill="none" stroke="${C.amber}" stroke-width="4" stroke-linecap="round"><circle cx="${x + 16}" cy="${y - 10}" r="9"/><path d="M${x + 4} ${y + 26}c1-13 6-20 12-20s12 7 13 20"/></g>`
      );
    default: // envelope with heart
      return (
        g(
          `<rect x="${x - 32}" y="${y - 22}" width="64" height="46" rx="6"/><path d="M${x - 30} ${y - 18}l30 22 30-22"/>`,
        ) +
        `<path d="M${x + 22} ${y + 14}c-4-6-14-4-12 4 1 5 12 12 12 12s11-7 12-12c2-8-8-10-12-4z" fill="${C.amber}"/>`
      );
  }
}

function infographicSvg(): string {
  const W = 1200;
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="1500" fill="${C.paper}"/>`);
  // Header band with a snowy hill line and spruces.
  parts.push(`<rect width="${W}" height="392" fill="${C.teal}"/>`);
  parts.push(`<path d="M0 340Q300 300 600 336T1200 326V392H0Z" fill="${C.tealDeep}"/>`);
  parts.push(`<path d="M0 372Q320 344 640 370T1200 362V392H0Z" fill="${C.tealTint}"/>`);
  parts.push(spruce(1010, 344, 150, C.tealMid), spruce(1082, 352, 110, C.tealMid), spruce(1136, 340, 80, C.tealSoft));
  parts.push(
    snowflake(1060, 104, 34, C.amberSoft, 4),
    snowflake(1142, 178, 18, C.tealSoft, 3),
    snowflake(976, 66, 14, C.tealSoft, 3),
  );
  parts.push(
    `<text x="80" y="118" font-family="${WEB_SANS}" font-size="24" font-weight="700" letter-spacing="4" fill="${C.amberSoft}">SEASONAL HIRING CHECKLIST</text>`,
  );
  parts.push(
    `<text x="80" y="206" font-family="${WEB_SERIF}" font-size="68" font-weight="700" fill="${C.paper}">Hiring for the Holidays</text>`,
  );
  parts.push(
    `<text x="80" y="266" font-family="${WEB_SANS}" font-size="32" fill="${C.tealTint}">Five steps to seasonal staff who are ready on day one</text>`,
  );
  // Steps.
  const top = 452;
  const pitch = 188;
  parts.push(
    `<path d="M140 ${top + 60}V${top + 4 * pitch + 60}" stroke="${C.tealSoft}" stroke-width="4" stroke-dasharray="2 12" stroke-linecap="round"/>`,
  );
  HOLIDAY_STEPS.forEach((step, i) => {
    const y = top + i * pitch;
    parts.push(
      `<rect x="210" y="${y}" width="910" height="152" rx="18" fill="#FFFFFF" stroke="#D9D4CC" stroke-width="2"/>`,
    );
    parts.push(`<circle cx="140" cy="${y + 76}" r="46" fill="${C.amber}"/>`);
    parts.push(
      `<text x="140" y="${y + 94}" text-anchor="middle" font-family="${WEB_SANS}" font-size="50" font-weight="700" fill="#FFFFFF">${i + 1}</text>`,
    );
    parts.push(`<rect x="236" y="${y + 26}" width="100" height="100" rx="16" fill="${C.tealTint}"/>`);
    parts.push(stepIcon(i, 286, y + 76));
    // Sized for the widest system UI fonts (SF Pro is ~8% wider than Arial).
    const titleSize = step.title.length > 44 ? 27 : 30;
    parts.push(
      `<text x="364" y="${y + 62}" font-family="${WEB_SANS}" font-size="${titleSize}" font-weight="700" fill="${C.ink}">${esc(step.title)}</text>`,
    );
    parts.push(
      `<text font-family="${WEB_SANS}" font-size="24" fill="${C.muted}"><tspan x="364" y="${y + 100}">${esc(step.detail[0])}</tspan><tspan x="364" y="${y + 132}">${esc(step.detail[1])}</tspan></text>`,
    );
  });
  // Footer.
  parts.push(`<path d="M80 1418H1120" stroke="#D9D4CC" stroke-width="2"/>`);
  parts.push(`<g transform="translate(80 1436) scale(0.75)">${markGroup('ig')}</g>`);
  parts.push(
    `<text x="142" y="1471" font-family="${WEB_SANS}" font-size="24" font-weight="700" fill="${C.ink}">${esc(BUSINESS.name)}</text>`,
  );
  parts.push(
    `<text x="1120" y="1471" text-anchor="end" font-family="${WEB_SANS}" font-size="22" fill="${C.muted}">${esc(BUSINESS.contactEmail)}</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} 1500" width="${W}" height="1500">${parts.join('\n')}\n</svg>\n`;
}

/** 1280×720 video cards: index 0 is the title card, 1..5 the steps. */
function videoCardSvg(index: number): string {
  const parts: string[] = [];
  if (index === 0) {
    parts.push(`<rect width="1280" height="720" fill="${C.teal}"/>`);
    parts.push(`<path d="M0 600Q320 548 640 594T1280 580V720H0Z" fill="${C.tealDeep}"/>`);
    parts.push(`<path d="M0 650Q340 612 680 646T1280 636V720H0Z" fill="${C.tealTint}"/>`);
    parts.push(
      spruce(1010, 610, 230, C.tealMid),
      spruce(1120, 624, 160, C.tealMid),
      spruce(1200, 606, 110, C.tealSoft),
    );
    parts.push(
      snowflake(1090, 150, 50, C.amberSoft, 5),
      snowflake(1200, 290, 24, C.tealSoft, 4),
      snowflake(930, 250, 20, C.tealSoft, 4),
    );
    parts.push(
      `<text x="96" y="196" font-family="${SANS}" font-size="28" font-weight="700" letter-spacing="5" fill="${C.amberSoft}">SEASONAL HIRING CHECKLIST</text>`,
    );
    parts.push(
      `<text x="92" y="318" font-family="${SERIF}" font-size="100" font-weight="700" fill="${C.paper}">Hiring for the</text>`,
    );
    parts.push(
      `<text x="92" y="424" font-family="${SERIF}" font-size="100" font-weight="700" fill="${C.paper}">Holidays</text>`,
    );
    parts.push(
      `<text x="96" y="494" font-family="${SANS}" font-size="34" fill="${C.tealTint}">Five steps to seasonal staff who are ready on day one</text>`,
    );
    parts.push(`<circle cx="121.6" cy="585.6" r="29" fill="${C.paper}"/>`);
    parts.push(`<g transform="translate(96 560) scale(0.8)">${markGroup('v')}</g>`);
    parts.push(
      `<text x="166" y="596" font-family="${SANS}" font-size="28" font-weight="700" fill="${C.paper}">${esc(BUSINESS.name)}</text>`,
    );
  } else {
    const step = HOLIDAY_STEPS[index - 1];
    parts.push(`<rect width="1280" height="720" fill="${C.paper}"/>`);
    parts.push(`<rect width="420" height="720" fill="${C.tealTint}"/>`);
    parts.push(snowflake(90, 96, 26, C.tealSoft, 4), snowflake(350, 640, 20, C.tealSoft, 3));
    parts.push(`<circle cx="210" cy="300" r="124" fill="${C.amber}"/>`);
    parts.push(
      `<text x="210" y="346" text-anchor="middle" font-family="${SANS}" font-size="136" font-weight="700" fill="#FFFFFF">${index}</text>`,
    );
    parts.push(
      `<text x="210" y="500" text-anchor="middle" font-family="${SANS}" font-size="26" font-weight="700" letter-spacing="4" fill="${C.teal}">STEP ${index} OF 5</text>`,
    );
    for (let d = 0; d < 5; d++) {
      parts.push(`<circle cx="${n(146 + d * 32)}" cy="548" r="8" fill="${d < index ? C.teal : C.tealSoft}"/>`);
    }
    const lines = wrap(step.title, 58, SERIF, 740);
    lines.forEach((line, i) =>
      parts.push(
        `<text x="492" y="${n(260 - (lines.length - 1) * 34 + i * 70)}" font-family="${SERIF}" font-size="58" font-weight="700" fill="${C.ink}">${esc(line)}</text>`,
      ),
    );
    const detailTop = 260 - (lines.length - 1) * 34 + (lines.length - 1) * 70 + 84;
    parts.push(`<rect x="492" y="${n(detailTop - 44)}" width="64" height="6" rx="3" fill="${C.amber}"/>`);
    step.detail.forEach((line, i) =>
      parts.push(
        `<text x="492" y="${n(detailTop + 20 + i * 46)}" font-family="${SANS}" font-size="32" fill="${C.muted}">${esc(line)}</text>`,
      ),
    );
    parts.push(`<g transform="translate(492 602) scale(0.72)">${markGroup('v')}</g>`);
    parts.push(
      `<text x="552" y="634" font-family="${SANS}" font-size="24" font-weight="700" fill="${C.ink}">${esc(BUSINESS.name)}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1280 720" width="1280" height="720">${parts.join('')}</svg>`;
}

function ffmpeg(args: string[]) {
  execFileSync('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });
}

function generateHolidayMedia() {
  mkdirSync(MEDIA_DIR, { recursive: true });
  writeFileSync(path.join(BLOG_DIR, 'hiring-for-the-holidays-infographic.svg'), infographicSvg());

  const work = mkdtempSync(path.join(tmpdir(), 'holiday-video-'));
  try {
    const cards = HOLIDAY_STEPS.length + 1;
    for (let i = 0; i < cards; i++) writeFileSync(path.join(work, `card-${i}.png`), renderPng(videoCardSvg(i), 1280));

    // Title card 4 s, each step 3.7 s, 0.5 s cross-fades: 4 + 5 × 3.7 − 5 × 0.5 = 20 s.
    const durations = [4, ...HOLIDAY_STEPS.map(() => 3.7)];
    const fade = 0.5;
    const total = durations.reduce((a, b) => a + b, 0) - fade * (cards - 1);
    const inputs = durations.flatMap((d, i) => [
      '-loop',
      '1',
      '-framerate',
      '30',
      '-t',
      String(d),
      '-i',
      path.join(work, `card-${i}.png`),
    ]);
    const filters: string[] = [];
    let last = '[0:v]';
    let offset = 0;
    for (let i = 1; i < cards; i++) {
      offset += durations[i - 1] - fade;
      const out = i === cards - 1 ? '[x]' : `[v${i}]`;
      filters.push(`${last}[${i}:v]xfade=transition=fadewhite:duration=${fade}:offset=${offset.toFixed(2)}${out}`);
      last = out;
    }
    filters.push(`[x]fade=t=in:st=0:d=0.6,fade=t=out:st=${(total - 0.8).toFixed(2)}:d=0.8,format=yuv420p[out]`);
    ffmpeg([
      ...inputs,
      '-filter_complex',
      filters.join(';'),
      '-map',
      '[out]',
      '-an',
      '-c:v',
      'libx264',
      '-preset',
      'slow',
      '-tune',
      'stillimage',
      '-crf',
      '24',
      '-profile:v',
      'high',
      '-pix_fmt',
      'yuv420p',
      '-r',
      '30',
      '-movflags',
      '+faststart',
      path.join(MEDIA_DIR, 'hiring-for-the-holidays.mp4'),
    ]);
    ffmpeg([
      '-i',
      path.join(work, 'card-0.png'),
      '-q:v',
      '4',
      '-frames:v',
      '1',
      path.join(MEDIA_DIR, 'hiring-for-the-holidays-poster.jpg'),
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

function generateBanners() {
  mkdirSync(OG_DIR, { recursive: true });
  const used: Theme[] = [];
  readPosts().forEach((post, index) => {
    const theme = themeFor(post.slug, used);
    used.push(theme);
    const base = imageBaseName(post.slug);
    writeFileSync(path.join(BLOG_DIR, `${base}.svg`), bannerSvg(post.slug, theme));
    const png = renderPng(ogSvg(post.slug, post.title, theme), 1200);
    writeFileSync(path.join(OG_DIR, `${base}.png`), png);
    const kb = (statSync(path.join(OG_DIR, `${base}.png`)).size / 1024).toFixed(0);
    console.log(`${String(index).padStart(2)} ${theme.name.padEnd(5)} ${base} (og ${kb} KB)`);
    if (png.length > 120 * 1024) console.warn(`warning: og/${base}.png is over 120 KB`);
  });
}

const what = process.argv[2] ?? 'all';
if (what === 'all' || what === 'banners') generateBanners();
if (what === 'all' || what === 'holidays') generateHolidayMedia();
