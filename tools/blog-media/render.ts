import { Resvg } from '@resvg/resvg-js';
import { esc } from './svg';

/** resvg converts text to outlines with the system fonts. */
const resvgOptions = (width: number) => ({
  fitTo: { mode: 'width' as const, value: width },
  font: { loadSystemFonts: true, defaultFontFamily: 'DejaVu Sans' },
});

export function renderPng(svg: string, width: number): Buffer {
  return new Resvg(svg, resvgOptions(width)).render().asPng();
}

function textWidth(text: string, size: number, family: string, weight = 700): number {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="400"><text x="0" y="200" font-family="${esc(family)}" font-size="${size}" font-weight="${weight}">${esc(text)}</text></svg>`;
  const box = new Resvg(svg, resvgOptions(4000)).getBBox();
  return box ? box.width : text.length * size * 0.5;
}

/** The text's lines, broken between words, each at most `maxWidth` wide as resvg measures it. */
export function wrap(text: string, size: number, family: string, maxWidth: number, weight = 700): string[] {
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
