/**
 * Gives a test file a Posts table of its own, so a seed, a list or the posts on the site are only
 * the file's own. Import it FIRST: it names the table before the handlers (which read it when they
 * load) are imported.
 */
import { randomBytes } from 'node:crypto';
import { createTables } from '#infra/local/services.ts';

const suffix = `own-${process.pid}-${randomBytes(4).toString('hex')}`;
process.env.POSTS_TABLE = `Posts-${suffix}`;

export const ownPostsTable = process.env.POSTS_TABLE;

export const createOwnPostsTable = () =>
  createTables(process.env.AWS_ENDPOINT_URL_DYNAMODB!, (table) => `${table.logicalName}-${suffix}`);
