import { BUSINESS } from '#shared/constants/business.ts';
import { bannerShapes } from './banner';
import { C, markGroup, SANS, SERIF } from './brand';
import { wrap } from './render';
import { esc, n, typeset } from './svg';
import type { Theme } from './themes';

/** The Open Graph card, 1200×630: the post's banner with a paper panel carrying the title and the firm's name. */
export function ogSvg(slug: string, title: string, theme: Theme): string {
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
