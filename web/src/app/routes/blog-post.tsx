import { useLocation } from 'react-router-dom';
import { usePostPage } from '../../features/blog/blog-data';
import PostPage from '../../features/blog/PostPage';
import { postSlugOf } from '../../features/blog/post-links';
import NotFoundPage from '../../features/not-found/NotFoundPage';

/**
 * Every post's path shares this module: the path's slug names the post's data file, loaded before
 * rendering; a slug no published post has shows the 404 page, as the edge serves it for that path.
 */
export default function BlogPostRoute() {
  const data = usePostPage(postSlugOf(useLocation().pathname));
  return data ? <PostPage data={data} /> : <NotFoundPage />;
}
