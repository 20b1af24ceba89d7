import { Suspense } from 'react';
import { BackToTop } from '../../components/BackToTop';
import { BLOG_COPY } from './blog-copy';
import { ALL_POSTS } from './catalog';
import { PostBodyContent } from './components/PostBodyContent';
import { PostHeader } from './components/PostHeader';
import { PostNavRow } from './components/PostNavRow';
import { PostSidePanel } from './components/PostSidePanel';
import { adjacentPosts } from './post-chain';
import type { PostSummary } from './types';

/**
 * One blog post (docs/spec/site-spec.md#2-screens-and-routes). The route preloads the body before
 * rendering, so the prerender and hydration render it synchronously; after an in-app Previous/Next
 * click the frame shows at once and only the text waits for its chunk.
 */
export default function PostPage({ post }: { post: PostSummary }) {
  return (
    <div className="post-page">
      <article className="post">
        <PostHeader post={post} />
        <Suspense
          fallback={
            <p className="post-body-loading" role="status">
              {BLOG_COPY.post.loadingBody}
            </p>
          }
        >
          <PostBodyContent postId={post.id} />
        </Suspense>
      </article>
      <PostSidePanel />
      <PostNavRow {...adjacentPosts(ALL_POSTS, post.id)} />
      <BackToTop />
    </div>
  );
}
