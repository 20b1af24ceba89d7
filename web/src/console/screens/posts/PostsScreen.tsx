import { Route, Routes } from 'react-router-dom';
import { PostList } from './PostList';
import { PostPage } from './PostPage';

/**
 * The Posts screen (issue 31): the blog's posts at /admin/posts, a post at /admin/posts/<id>, a new
 * one at /admin/posts/new (one route, so the page stays as the first save gives the post its id).
 */
export default function PostsScreen() {
  return (
    <Routes>
      <Route index element={<PostList />} />
      <Route path=":id" element={<PostPage />} />
    </Routes>
  );
}
