/**
 * Blog media generator: not part of the site build. Run by hand when a post is added or its title
 * changes; its outputs are committed and the build serves them as they are:
 *
 *   npm run blog-media                # everything
 *   npm run blog-media -- banners     # banners + OG PNGs only
 *   npm run blog-media -- holidays    # holiday infographic, video, poster
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
 * Needs @resvg/resvg-js (devDependency), ffmpeg with libx264 on PATH (holidays only), and system
 * fonts Liberation Serif/Sans or DejaVu (Debian: fonts-liberation, fonts-dejavu-core) for the PNGs.
 */
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { imageBaseName } from '#web/build/blog/front-matter.ts';
import { bannerSvg } from './banner';
import { infographicSvg } from './holiday/infographic';
import { writeHolidayVideo } from './holiday/video';
import { ogSvg } from './og-card';
import { renderPng } from './render';
import { BLOG_IMAGES_DIR, MEDIA_DIR, OG_IMAGES_DIR, readPosts } from './site-files';
import { themeFor, type Theme } from './themes';

/** Open Graph cards above this size are reported (crawlers fetch them on every share). */
const OG_WARN_BYTES = 120 * 1024;

function generateBanners() {
  mkdirSync(OG_IMAGES_DIR, { recursive: true });
  const used: Theme[] = [];
  readPosts().forEach((post, index) => {
    const theme = themeFor(post.slug, used);
    used.push(theme);
    const base = imageBaseName(post.slug);
    writeFileSync(path.join(BLOG_IMAGES_DIR, `${base}.svg`), bannerSvg(post.slug, theme));
    const png = renderPng(ogSvg(post.slug, post.title, theme), 1200);
    writeFileSync(path.join(OG_IMAGES_DIR, `${base}.png`), png);
    const kb = (statSync(path.join(OG_IMAGES_DIR, `${base}.png`)).size / 1024).toFixed(0);
    console.log(`${String(index).padStart(2)} ${theme.name.padEnd(5)} ${base} (og ${kb} KB)`);
    if (png.length > OG_WARN_BYTES) console.warn(`warning: og/${base}.png is over 120 KB`);
  });
}

function generateHolidayMedia() {
  mkdirSync(MEDIA_DIR, { recursive: true });
  writeFileSync(path.join(BLOG_IMAGES_DIR, 'hiring-for-the-holidays-infographic.svg'), infographicSvg());
  writeHolidayVideo(MEDIA_DIR);
}

const what = process.argv[2] ?? 'all';
if (!['all', 'banners', 'holidays'].includes(what)) {
  console.error(`Unknown part "${what}": expected banners, holidays or nothing (everything)`);
  process.exit(2);
}
if (what === 'all' || what === 'banners') generateBanners();
if (what === 'all' || what === 'holidays') generateHolidayMedia();
