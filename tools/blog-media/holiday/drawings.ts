import { C } from '../brand';
import { n } from '../svg';

/** A geometric snowflake: six spokes with chevrons, centred on (x, y). */
export function snowflake(x: number, y: number, r: number, color: string, width: number): string {
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
export function spruce(x: number, y: number, h: number, color: string): string {
  const w = h * 0.62;
  const t = (top: number, bottom: number, half: number) =>
    `M${n(x)} ${n(y - h + top)}L${n(x + half)} ${n(y - h + bottom)}H${n(x - half)}Z`;
  return `<path d="${t(0, h * 0.42, w * 0.32)}${t(h * 0.22, h * 0.66, w * 0.42)}${t(h * 0.44, h * 0.9, w * 0.5)}M${n(x - h * 0.05)} ${n(y - h * 0.1)}h${n(h * 0.1)}v${n(h * 0.1)}h${n(-h * 0.1)}z" fill="${color}"/>`;
}

/** The icon of step `step` (0..4). */
export function stepIcon(step: number, x: number, y: number): string {
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
