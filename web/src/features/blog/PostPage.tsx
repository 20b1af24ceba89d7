import { BackToTop } from '../../components/BackToTop';
import { PostBodyContent } from './components/PostBodyContent';
import { PostHeader } from './components/PostHeader';
import { PostNavRow } from './components/PostNavRow';
import { PostSidePanel } from './components/PostSidePanel';
import type { PostPageData } from './types';

/**
 * One blog post (docs/spec/site-spec.md#2-screens-and-routes), from its data file: the route
 * loads it before rendering, so the publisher's render and hydration show it synchronously; after
 * an in-app Previous/Next click the current page stays on screen until the next one's data is in.
 */
export default function PostPage({ data }: { data: PostPageData }) {
  return (
    <div className="post-page">
      <article className="post">
        <PostHeader post={data.post} />
        <PostBodyContent body={data.body} />
      </article>
      <PostSidePanel />
      <PostNavRow previous={data.previous} next={data.next} />
      <BackToTop />
    </div>
  );
}
