/**
 * The Posts table's index of its posts (`post#<id>` items, decision 0053): every post item has
 * `list` = 'posts' and `createdAt`, its revisions and slug items have no `list`, so the console's
 * list and the publisher find the posts without scanning every revision. Keys only: the items are
 * then read by id, strongly consistent (an index is not), so a publisher run right after a publish
 * reads it. Here because the table definition (infra) and the queries (lambdas) both name it.
 */
export const POST_LIST_INDEX = {
  name: 'PostList',
  partitionKey: { name: 'list', type: 'S' },
  sortKey: { name: 'createdAt', type: 'N' },
  projection: 'KEYS_ONLY',
} as const;

/** The value of `list` on every post item. */
export const POST_LIST = 'posts';
