/**
 * The console's Posts screen, writing (shared/console/posts.ts POST_ROUTES): the list, a new post,
 * every save a revision (with the console's 409 on a change made meanwhile), the revisions and a
 * restore, the deletion of a post never published, and the slug's live check. Publishing is in
 * post-publish-routes.ts, the preview in post-preview-route.ts. Every change is audited.
 */
import {
  POST_LIMITS,
  POST_ROUTES,
  type PostChanged,
  type PostListAnswer,
  type PostRevision,
  type PostRevisionList,
  type SlugCheck,
} from '#shared/console/posts.ts';
import { slugRuleProblem } from '#shared/post-slugs.ts';
import { allPostItems } from '../../data/posts';
import {
  createPost,
  deleteDraftPost,
  getPost,
  getRevision,
  revisionsOf,
  savePost,
  slugHolder,
} from '../../data/post-drafts';
import { fieldsOf, heldSlugs, POST_ID_PATTERN, type PostFields, type PostItem } from '../../data/post-items';
import type { TableStore } from '../../data/stores';
import { Refusal } from '../../domain/refusal';
import { jsonResponse } from '../../http/responses';
import { schemasOnFirstUse } from '../../http/schemas-on-first-use';
import { randomToken } from '../../runtime/tokens';
import { bodyRoute, type ConsoleRoute } from '../kit/router';
import type { ConsoleRequest } from '../kit/request';
import { POST_MESSAGES } from './post-messages';
import { postDraft, postSummary } from './post-view';

/** The tables of the consolePosts function: the console's own (sessions, audit log) and the posts. */
export interface PostStores {
  console: TableStore;
  posts: TableStore;
}
export type PostRequest = ConsoleRequest<PostStores>;

/**
 * The largest request body the post routes read, in bytes, so whatever the editor allows reaches
 * the schema (and is refused there in the editor's words) rather than a bare 413: a character
 * takes at most 6 bytes of JSON (shared/console/campaigns.ts CAMPAIGN_BODY_MAX_BYTES says why),
 * the limits once each and the subtitle (the title's limit), plus 8 KiB for the names, the images
 * and the version.
 */
const POST_BODY_MAX_BYTES =
  6 * Object.values(POST_LIMITS).reduce((sum: number, limit) => sum + limit, POST_LIMITS.title) + 8192;

export const postSchemas = schemasOnFirstUse(() => import('#shared/console/posts-schemas.ts'), {
  maxBodyBytes: POST_BODY_MAX_BYTES,
});

const postsOf = (request: PostRequest) => request.stores.posts;

/** The post of the route's `{id}`, else 404. */
export const postOf = async (request: PostRequest): Promise<PostItem> => {
  const id = request.parameters.id ?? '';
  const post = POST_ID_PATTERN.test(id) ? await getPost(postsOf(request), id) : undefined;
  if (!post) throw new Refusal('not-found', POST_MESSAGES.noSuchPost);
  return post;
};

/** The post at the version the owner saw; 409 otherwise. */
export const postAtVersion = async (request: PostRequest, version: number): Promise<PostItem> => {
  const post = await postOf(request);
  if (post.version !== version) throw new Refusal('conflict', POST_MESSAGES.changedMeanwhile);
  return post;
};

/**
 * Why `slug` cannot be the address of post `self` (undefined: a new post), in plain words: the
 * site's rules, then who holds it in the table (a post's address, or an old one that leads to it).
 */
export const slugProblem = async (request: PostRequest, slug: string, self?: string): Promise<string | undefined> => {
  const ruled = slugRuleProblem(slug);
  if (ruled) return ruled;
  const holder = await slugHolder(postsOf(request), slug);
  if (holder === undefined || holder === self) return undefined;
  const other = await getPost(postsOf(request), holder);
  // A slug left by a post whose creation was cut short holds nothing: it is taken over on save.
  if (!other) return undefined;
  const live = [other.slug, other.publishedSlug, other.scheduledSlug].includes(slug);
  return POST_MESSAGES.slugTaken(
    slug,
    live ? POST_MESSAGES.heldAsAddress(other.title) : POST_MESSAGES.heldAsRedirect(other.title),
  );
};

const slugConflict = async (request: PostRequest, slug: string, self?: string) =>
  new Refusal('conflict', (await slugProblem(request, slug, self)) ?? POST_MESSAGES.changedMeanwhile);

/** Saves `fields` as the post's next revision, audited; the answer every change of the fields gives. */
export const saveRevision = async (
  request: PostRequest,
  post: PostItem,
  fields: PostFields,
  restoredFrom?: number,
): Promise<PostChanged> => {
  if (!heldSlugs(post).has(fields.slug)) {
    const problem = await slugProblem(request, fields.slug, post.postId);
    if (problem) throw new Refusal('conflict', problem);
  }
  const outcome = await savePost(postsOf(request), post, fields, {
    owner: request.signedIn.owner,
    now: request.now,
    cause: restoredFrom === undefined ? 'saved' : 'restored',
    restoredFrom,
  });
  if ('refused' in outcome) {
    if (outcome.refused === 'slug-taken') throw await slugConflict(request, fields.slug, post.postId);
    throw new Refusal('conflict', POST_MESSAGES.changedMeanwhile);
  }
  const { saved } = outcome;
  await request.audit(
    restoredFrom === undefined
      ? { action: 'post.save', target: post.postId, summary: `Saved "${saved.title}" (revision ${saved.version})` }
      : {
          action: 'post.restore',
          target: post.postId,
          summary: `Restored revision ${restoredFrom} of "${saved.title}" as revision ${saved.version}`,
        },
  );
  if (post.slug !== saved.slug)
    await request.audit({
      action: 'post.slug-change',
      target: post.postId,
      summary: `Changed the address of "${saved.title}" from /${post.slug} to /${saved.slug}${saved.publishedSlug ? `; once published, /${saved.publishedSlug} leads to it` : ''}`,
    });
  return {
    message: restoredFrom === undefined ? POST_MESSAGES.saved(saved.title) : POST_MESSAGES.restored(restoredFrom),
    post: postDraft(saved),
  };
};

const revisionNumber = (request: PostRequest) => {
  const revision = Number(request.parameters.revision);
  if (!Number.isInteger(revision) || revision < 1) throw new Refusal('not-found', POST_MESSAGES.noSuchRevision);
  return revision;
};

const revisionOf = async (request: PostRequest, post: PostItem) => {
  const revision = revisionNumber(request);
  const item = revision <= post.version ? await getRevision(postsOf(request), post.postId, revision) : undefined;
  if (!item) throw new Refusal('not-found', POST_MESSAGES.noSuchRevision);
  return item;
};

/** The posts as the list orders them: by the date they show, newest first; then the latest changed. */
const newestFirst = (a: PostItem, b: PostItem) =>
  b.postedDate.localeCompare(a.postedDate) || b.updatedAt - a.updatedAt || a.postId.localeCompare(b.postId);

/** The list's attributes: everything but the body and the images. */
const LIST_ATTRIBUTES = [
  'id',
  'kind',
  'postId',
  'title',
  'slug',
  'state',
  'postedDate',
  'scheduledAt',
  'publishedAt',
  'updatedAt',
  'updatedBy',
  'publishedRevision',
  'scheduledRevision',
  'createdAt',
];

/** Fixed words first: `slug-check` is not a post's id. */
export const POST_CONSOLE_ROUTES: ConsoleRoute<PostRequest>[] = [
  {
    route: POST_ROUTES.list,
    handle: async (request) => {
      const posts = (await allPostItems(postsOf(request), LIST_ATTRIBUTES)).sort(newestFirst);
      return jsonResponse(200, { posts: posts.map(postSummary) } satisfies PostListAnswer);
    },
  },
  bodyRoute({
    route: POST_ROUTES.create,
    body: postSchemas.bodySchema((schemas) => schemas.postFieldsSchema),
    handle: async (request, fields) => {
      const problem = await slugProblem(request, fields.slug);
      if (problem) throw new Refusal('conflict', problem);
      const outcome = await createPost(postsOf(request), randomToken(), fields, {
        owner: request.signedIn.owner,
        now: request.now,
      });
      if ('refused' in outcome) throw await slugConflict(request, fields.slug);
      const { saved } = outcome;
      await request.audit({
        action: 'post.create',
        target: saved.postId,
        summary: `Wrote the new post "${saved.title}" (a draft at /${saved.slug})`,
      });
      return jsonResponse(201, {
        message: POST_MESSAGES.created(saved.title),
        post: postDraft(saved),
      } satisfies PostChanged);
    },
  }),
  {
    route: POST_ROUTES.slugCheck,
    handle: async (request) => {
      const { slug = '', id } = request.event.queryStringParameters ?? {};
      const problem = await slugProblem(request, slug, id);
      return jsonResponse(200, { slug, ...(problem && { problem }) } satisfies SlugCheck);
    },
  },
  {
    route: POST_ROUTES.get,
    handle: async (request) => jsonResponse(200, postDraft(await postOf(request))),
  },
  bodyRoute({
    route: POST_ROUTES.save,
    body: postSchemas.bodySchema((schemas) => schemas.postSaveSchema),
    handle: async (request, { version, ...fields }) => {
      const post = await postAtVersion(request, version);
      return jsonResponse(200, await saveRevision(request, post, fields));
    },
  }),
  bodyRoute({
    route: POST_ROUTES.delete,
    body: postSchemas.bodySchema((schemas) => schemas.postVersionSchema),
    handle: async (request, { version }) => {
      const post = await postAtVersion(request, version);
      if (post.publishedAt !== undefined || post.publishedRevision !== undefined)
        throw new Refusal('conflict', POST_MESSAGES.deletePublished);
      if (post.state === 'scheduled') throw new Refusal('conflict', POST_MESSAGES.deleteScheduled);
      if (!(await deleteDraftPost(postsOf(request), post, version)))
        throw new Refusal('conflict', POST_MESSAGES.changedMeanwhile);
      await request.audit({ action: 'post.delete', target: post.postId, summary: `Deleted the draft "${post.title}"` });
      return jsonResponse(200, { message: POST_MESSAGES.deleted(post.title) });
    },
  }),
  {
    route: POST_ROUTES.revisions,
    handle: async (request) => {
      const post = await postOf(request);
      return jsonResponse(200, { revisions: await revisionsOf(postsOf(request), post) } satisfies PostRevisionList);
    },
  },
  {
    route: POST_ROUTES.revision,
    handle: async (request) => {
      const {
        id: _id,
        kind: _kind,
        postId: _postId,
        fields,
        ...row
      } = await revisionOf(request, await postOf(request));
      return jsonResponse(200, { ...row, fields: fieldsOf(fields) } satisfies PostRevision);
    },
  },
  bodyRoute({
    route: POST_ROUTES.restore,
    body: postSchemas.bodySchema((schemas) => schemas.postVersionSchema),
    handle: async (request, { version }) => {
      const post = await postAtVersion(request, version);
      const revision = await revisionOf(request, post);
      // The old fields pass today's rules before they are saved: a rule added since refuses them in its words.
      const fields = await postSchemas.checked((schemas) => schemas.postFieldsSchema, { ...revision.fields });
      return jsonResponse(200, await saveRevision(request, post, fields, revision.revision));
    },
  }),
];
