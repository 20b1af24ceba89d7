import { C } from './brand';
import { hash } from './seeded-random';

/** A banner's colours, drawn from the palette. */
export interface Theme {
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

/**
 * The slug's hash picks the colour, among the themes least used so far and not used by the two
 * previous posts, so neighbours on the blog grid differ and the colours stay balanced.
 */
export function themeFor(slug: string, used: Theme[]): Theme {
  const recent = used.slice(-2);
  const count = (t: Theme) => used.filter((u) => u === t).length;
  const open = THEMES.filter((t) => !recent.includes(t));
  const least = Math.min(...open.map(count));
  const candidates = open.filter((t) => count(t) === least);
  return candidates[hash(`theme:${slug}`) % candidates.length];
}
