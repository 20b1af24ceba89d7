import type { PostBody } from '../types';
import { MidArticleCallout } from './MidArticleCallout';

/**
 * The article text with the shared callout at its marker. The HTML was rendered from the post's
 * Markdown by the blog's renderer (web/render/post-markdown.ts), under the Markdown rules the
 * console checks before a save (no inline styles or scripts).
 */
export function PostBodyContent({ body }: { body: PostBody }) {
  return (
    <>
      <div className="post-body" dangerouslySetInnerHTML={{ __html: body.before }} />
      <MidArticleCallout />
      <div className="post-body" dangerouslySetInnerHTML={{ __html: body.after }} />
    </>
  );
}
