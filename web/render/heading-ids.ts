/**
 * Gives headings stable, readable ids ("## Dead ends to avoid" -> `dead-ends-to-avoid`)
 * so sections can be linked. One registry per post: a repeated heading gets `-2`, `-3`.
 */
export function createHeadingIds(): (headingText: string) => string {
  const used = new Map<string, number>();
  return (headingText) => {
    const base =
      headingText
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/['’]/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '') || 'section';
    const seen = used.get(base) ?? 0;
    used.set(base, seen + 1);
    return seen === 0 ? base : `${base}-${seen + 1}`;
  };
}
