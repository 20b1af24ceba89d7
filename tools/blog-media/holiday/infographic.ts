import { BUSINESS } from '#shared/constants/business.ts';
import { C, markGroup, WEB_SANS, WEB_SERIF } from '../brand';
import { esc } from '../svg';
import { snowflake, spruce, stepIcon } from './drawings';
import { HOLIDAY_STEPS } from './steps';

/** The holiday post's infographic, 1200×1500, with real SVG text (served as is, read by screen readers). */
export function infographicSvg(): string {
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
