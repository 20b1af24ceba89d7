import { callOf, type Route } from '#shared/route-key.ts';
import {
  POST_ROUTES,
  type ImageUploadRequest,
  type ImageUploadTicket,
  type PostChanged,
  type PostDraft,
  type PostFields,
  type PostImage,
  type PostListAnswer,
  type PostRevision,
  type PostRevisionList,
  type SlugCheck,
} from '#shared/console/posts.ts';
import { consoleRequest, consoleText } from '../../client/console-client';

/** The posts routes (shared/console/posts.ts), one function each. */

const forPost = (route: Route, id: string, revision?: number) => callOf(route, { id, revision: String(revision) });

export const postList = (signal?: AbortSignal) => consoleRequest<PostListAnswer>(POST_ROUTES.list, { signal });

export const postOf = (id: string, signal?: AbortSignal) =>
  consoleRequest<PostDraft>(forPost(POST_ROUTES.get, id), { signal });

export const createPost = (fields: PostFields) => consoleRequest<PostChanged>(POST_ROUTES.create, { body: fields });

/** A save names the version it was typed on: 409 when someone saved another since (or the slug is taken). */
export const savePost = (id: string, fields: PostFields, version: number) =>
  consoleRequest<PostChanged>(forPost(POST_ROUTES.save, id), { body: { ...fields, version } });

export const deletePost = (id: string, version: number) =>
  consoleRequest<{ message: string }>(forPost(POST_ROUTES.delete, id), { body: { version } });

export const revisionsOf = (id: string, signal?: AbortSignal) =>
  consoleRequest<PostRevisionList>(forPost(POST_ROUTES.revisions, id), { signal });

export const revisionOf = (id: string, revision: number, signal?: AbortSignal) =>
  consoleRequest<PostRevision>(forPost(POST_ROUTES.revision, id, revision), { signal });

export const restoreRevision = (id: string, revision: number, version: number) =>
  consoleRequest<PostChanged>(forPost(POST_ROUTES.restore, id, revision), { body: { version } });

/** Whether `slug` is free for the post `id` (none for a new post). */
export const checkSlug = (slug: string, id: string | undefined, signal?: AbortSignal) =>
  consoleRequest<SlugCheck>(POST_ROUTES.slugCheck, { query: { slug, id }, signal });

/** The page exactly as the site would serve it once published: a whole HTML document. */
export const previewPost = (fields: PostFields, id: string | undefined, signal?: AbortSignal) =>
  consoleText(POST_ROUTES.preview, { body: { ...fields, ...(id && { id }) }, signal });

/** Publishes the saved revision `version` now, or at `at` (ISO 8601): 409 when it changed meanwhile. */
export const publishPost = (id: string, version: number, at?: string) =>
  consoleRequest<PostChanged>(forPost(POST_ROUTES.publish, id), { body: { version, ...(at && { at }) } });

export const cancelSchedule = (id: string) => consoleRequest<PostChanged>(forPost(POST_ROUTES.cancelSchedule, id));

export const unpublishPost = (id: string) => consoleRequest<PostChanged>(forPost(POST_ROUTES.unpublish, id));

export const askImageUpload = (request: ImageUploadRequest) =>
  consoleRequest<ImageUploadTicket>(POST_ROUTES.imageUpload, { body: request });

export const acceptImage = (uploadId: string, alt: string) =>
  consoleRequest<PostImage>(POST_ROUTES.imageAccept, { body: { uploadId, alt } });
