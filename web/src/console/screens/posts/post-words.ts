import type { PostDraft, PostFields, PostState } from '#shared/console/posts.ts';
import { postDateText } from '#shared/post-dates.ts';

/** A post's state as the list's badge says it. */
export const STATE_WORDS: Record<PostState, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
  unpublished: 'Taken down',
};

/** The date the post shows, as the site shows it ("May 16, 2024", "December 2022"). */
export const shownDate = (postedDate: string) => {
  try {
    return postDateText(postedDate);
  } catch {
    return postedDate;
  }
};

/**
 * An address suggested from a title: lower-case words of letters and digits joined by hyphens
 * (accents dropped: "Café" is "cafe"), cut between words to the slug's limit.
 */
export function slugFromTitle(title: string, limit: number): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  let slug = '';
  for (const word of words) {
    const longer = slug ? `${slug}-${word}` : word;
    if (longer.length > limit) break;
    slug = longer;
  }
  return slug;
}

/** The fields an owner writes, as a stored post holds them. */
export const fieldsOf = (post: PostDraft): PostFields => ({
  title: post.title,
  slug: post.slug,
  postedDate: post.postedDate,
  subtitle: post.subtitle,
  author: post.author,
  markdown: post.markdown,
  ...(post.banner && { banner: post.banner }),
  ...(post.thumbnail && { thumbnail: post.thumbnail }),
  metaDescription: post.metaDescription,
  socialTitle: post.socialTitle,
  ...(post.socialImage && { socialImage: post.socialImage }),
});
