import { usePostBody } from '../post-body';
import { MidArticleCallout } from './MidArticleCallout';

/**
 * The article text with the shared callout at its marker. The HTML was rendered from the
 * repository's Markdown at build time and checked there (no inline styles or scripts).
 */
export function PostBodyContent({ postId }: { postId: number }) {
  const body = usePostBody(postId);
  return (
    <>
      <div className="post-body" dangerouslySetInnerHTML={{ __html: body.before }} />
      <MidArticleCallout />
      <div className="post-body" dangerouslySetInnerHTML={{ __html: body.after }} />
    </>
  );
}
