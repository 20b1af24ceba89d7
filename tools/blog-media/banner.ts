/**
 * The post banner: a mosaic of Bauhaus-style tiles on a grid, seeded from the slug, 1200×630,
 * without text (the page prints the title next to it).
 */
import { hash, rng, type Random } from './seeded-random';
import { n } from './svg';
import type { Theme } from './themes';

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

function pickTile(r: Random): Tile {
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

/** The banner's shapes (no <svg> wrapper), reused by the OG card. */
export function bannerShapes(slug: string, theme: Theme): string {
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

export function bannerSvg(slug: string, theme: Theme): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">${bannerShapes(slug, theme)}</svg>\n`;
}
