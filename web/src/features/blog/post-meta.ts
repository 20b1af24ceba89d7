import { BUSINESS } from '#shared/constants/business.ts';
import { absoluteUrl, type PageMeta } from '../../lib/page-meta';
import { postPath } from './post-links';
import type { PostView } from './types';

/** The firm as schema.org sees it: the publisher, and the author of unsigned posts. */
const organization = (siteUrl: string) => ({
  '@type': 'Organization',
  name: BUSINESS.name,
  url: absoluteUrl('/', siteUrl),
  logo: { '@type': 'ImageObject', url: absoluteUrl('/images/logo.svg', siteUrl) },
});

/** schema.org BlogPosting, so search results can show the headline, date and image. */
function blogPostingJsonLd(post: PostView, siteUrl: string): Record<string, unknown> {
  const url = absoluteUrl(postPath(post.slug), siteUrl);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    ...(post.subtitle ? { alternativeHeadline: post.subtitle } : {}),
    description: post.description,
    datePublished: post.isoDate,
    author: post.author ? { '@type': 'Person', name: post.author } : organization(siteUrl),
    ...(post.ogImage ? { image: absoluteUrl(post.ogImage, siteUrl) } : {}),
    publisher: organization(siteUrl),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    url,
    inLanguage: 'en-CA',
  };
}

/** What a post's page says in <head>: its own title, description, social title and image, and article data. */
export function postMeta(post: PostView, siteUrl: string): PageMeta {
  return {
    title: post.title,
    description: post.description,
    path: postPath(post.slug),
    ogTitle: post.socialTitle,
    ...(post.ogImage ? { ogImage: post.ogImage } : {}),
    ogType: 'article',
    jsonLd: blogPostingJsonLd(post, siteUrl),
  };
}
