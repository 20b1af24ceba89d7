import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUSINESS } from '#shared/constants/business.ts';
import { C, markGroup, SANS, SERIF } from '../brand';
import { renderPng, wrap } from '../render';
import { esc, n } from '../svg';
import { snowflake, spruce } from './drawings';
import { HOLIDAY_STEPS } from './steps';

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

/**
 * The holiday post's video (~20 s, 1280×720 H.264, the cards cross-faded) and its poster (the
 * title card, JPEG), written to `mediaDir`. Needs ffmpeg with libx264 on PATH.
 */
export function writeHolidayVideo(mediaDir: string) {
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
      path.join(mediaDir, 'hiring-for-the-holidays.mp4'),
    ]);
    ffmpeg([
      '-i',
      path.join(work, 'card-0.png'),
      '-q:v',
      '4',
      '-frames:v',
      '1',
      path.join(mediaDir, 'hiring-for-the-holidays-poster.jpg'),
    ]);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
