import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { POST_IMAGE_ROUTES } from '../console/posts/post-image-routes';
import { POST_CONSOLE_ROUTES } from '../console/posts/post-routes';
import { POST_PREVIEW_ROUTES } from '../console/posts/post-preview-route';
import { POST_PUBLISH_ROUTES } from '../console/posts/post-publish-routes';
import { signedInHandler } from '../console/kit/signed-in-handler';
import { requireEnv } from '../runtime/env';

const db = createDynamoClient();

/**
 * ANY /api/admin/posts/{proxy+}: the console's Posts screen (shared/console/posts.ts). A function of
 * its own, as it alone writes the blog's posts, asks the site's publisher for runs, schedules them,
 * renders a preview with the blog's renderer and takes the owners' images in; the other screens'
 * functions have no grant on the Posts table. The preview and the images come first: `preview` and
 * `images` are not a post's id.
 */
export const handler = signedInHandler(
  [...POST_PREVIEW_ROUTES, ...POST_IMAGE_ROUTES, ...POST_CONSOLE_ROUTES, ...POST_PUBLISH_ROUTES],
  {
    console: { db, table: requireEnv('CONSOLE_TABLE') },
    posts: { db, table: requireEnv('POSTS_TABLE') },
  },
);
