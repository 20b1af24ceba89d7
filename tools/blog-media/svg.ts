/** A coordinate with one decimal at most, as written into SVG paths. */
export const n = (v: number) => (Math.round(v * 10) / 10).toString();

/** Text and attribute values escaped for SVG. */
export const esc = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Typographic apostrophes for rendered titles. */
export const typeset = (text: string) => text.replace(/'/g, '\u2019');
