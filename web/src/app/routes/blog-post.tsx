import PostPage from '../../features/blog/PostPage';
import { useRouteHandle } from '../route-handle';

/** One route per post shares this module; the route's handle says which post it is. */
export default function BlogPostRoute() {
  const post = useRouteHandle()?.post;
  if (!post) throw new Error('A blog post route must carry its post in the route handle');
  return <PostPage post={post} />;
}
