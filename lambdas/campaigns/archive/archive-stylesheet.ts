/**
 * The archive's one stylesheet, a file of its own (`/newsletter/archive.css`): the site's CSP
 * allows stylesheets from 'self' but no inline style it has no hash for, and these pages are
 * written after the build that computed the hashes. The site's tokens (web/src/styles/tokens.css,
 * docs/spec/brand.md): ink on paper, deep teal for the firm and links, 17 px body on phones,
 * a 68-character measure, as the blog's article pages read.
 */
export const ARCHIVE_STYLESHEET = `:root{--ink:#1d2433;--paper:#fbf8f3;--muted:#4a5568;--primary:#0f4c5c;--border:#d9d4cc}
*{box-sizing:border-box}
body{margin:0;background:var(--paper);color:var(--ink);font:1.0625rem/1.6 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}
a{color:var(--primary);text-underline-offset:.15em}
a:focus-visible{outline:3px solid var(--primary);outline-offset:2px}
.top,.foot,main{max-width:68ch;margin:0 auto;padding:1rem 1.25rem}
.top{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;justify-content:space-between;border-bottom:1px solid var(--border)}
.brand{font-weight:700;font-size:1.25rem;text-decoration:none}
.top nav a{display:inline-block;padding:.75rem .5rem}
h1{font-family:Georgia,'Iowan Old Style','Times New Roman',serif;font-size:2rem;line-height:1.2;margin:.5rem 0 1.5rem}
.kicker,.foot,.issues time{color:var(--muted);font-size:.9375rem}
.issues{list-style:none;padding:0}
.issues li{padding:1rem 0;border-bottom:1px solid var(--border)}
.issues li>a{font-size:1.25rem;font-weight:600;display:inline-block;padding:.25rem 0}
.issues time{display:block}
.issues p{margin:.25rem 0 0}
.foot{border-top:1px solid var(--border);margin-top:3rem}
`;
