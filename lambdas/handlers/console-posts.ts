import { createDynamoClient } from '../runtime/aws-clients/dynamodb';
import { POST_CONSOLE_ROUTES } from '../console/post-routes';
import { POST_PUBLISH_ROUTES } from '../console/post-publish-routes';
import { signedInHandler } from '../console/signed-in-handler';
import { requireEnv } from '../runtime/env';

const db = createDynamoClient();

/**
 * ANY /api/admin/posts/{proxy+}: the console's Posts screen (shared/console-posts.ts). A function of
 * its own, as it alone writes the blog's posts, asks the site's publisher for runs and schedules
 * them; the other screens' functions have no grant on the Posts table.
 */
export const handler = signedInHandler([...POST_CONSOLE_ROUTES, ...POST_PUBLISH_ROUTES], {
  console: { db, table: requireEnv('CONSOLE_TABLE') },
  posts: { db, table: requireEnv('POSTS_TABLE') },
});
