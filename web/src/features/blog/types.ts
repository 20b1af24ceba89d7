/** A blog post as listed and linked; the body is loaded separately, one chunk per post. */
export interface PostSummary {
  /** 0 is the newest; the list order, the Previous/Next chain and the ids agree. */
  id: number;
  slug: string;
  title: string;
  /** Optional subtitle, e.g. 'Clarifying Expectations Part II'. */
  subtitle?: string;
  /** As displayed: 'May 16, 2024' (or 'December 2022' where only the month is known). */
  dateText: string;
  /** ISO date for feeds and structured data: '2024-05-16'. */
  isoDate: string;
  author?: string;
  description: string;
  /** Site-relative banner/card image (SVG) with its intrinsic size. */
  image: { src: string; width: number; height: number; alt: string };
  /** Site-relative 1200×630 PNG for Open Graph. */
  ogImage: string;
}
