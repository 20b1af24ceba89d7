/**
 * The yup schemas of the console's post requests (shared/console/posts.ts), for the console's
 * editor and the consolePosts function, which reads them at its first request with a body to check
 * (lambdas/http/schemas-on-first-use.ts). The body follows the campaigns' Markdown rules and the
 * page's own (shared/post-body-rules.ts); the slug the site's routes (shared/post-slugs.ts).
 */
import * as yup from 'yup';
import { actAt, versionSeen } from './schema-fields';
import { POST_IMAGE_MAX_BYTES, POST_IMAGE_SIZES, POST_IMAGE_TYPES, POST_LIMITS } from './posts';
import { postBodyProblem } from '../post-body-rules';
import { slugRuleProblem } from '../post-slugs';

const oneLine = (label: string, max: number) =>
  yup
    .string()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .test('one-line', `${label} must be one line.`, (value) => value === undefined || !/[\r\n]/.test(value));

/** The form's and the API's words for a body over POST_LIMITS.markdown. */
export const POST_BODY_TOO_LONG = `The body can be at most ${POST_LIMITS.markdown.toLocaleString('en-CA')} characters.`;

/** `2024-05-16`, or `2022-12` where only the month is known; a day that exists. */
const POSTED_DATE = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;
const isRealDate = (value: string) => {
  const [, year, month, day = '01'] = POSTED_DATE.exec(value) ?? [];
  if (!year) return false;
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(`${year}-${month}-${day}`);
};

/** A site image: one of the site's own files (uploads are accepted into /media/posts/), its size and words. */
const postImage = (label: string) =>
  yup
    .object({
      src: yup
        .string()
        .required(`Choose the ${label}.`)
        .matches(/^\/(?:images|media)\/(?:[A-Za-z0-9_-]+\/)*[A-Za-z0-9_.-]+\.(?:jpe?g|png|webp|svg)$/, {
          message: `The ${label} must be one of the site's own images (under /images/ or /media/).`,
        }),
      width: yup.number().required().integer().min(1).max(10_000),
      height: yup.number().required().integer().min(1).max(10_000),
      alt: oneLine(`The ${label}'s description`, POST_LIMITS.alt).default(''),
    })
    .default(undefined)
    .optional();

/** The fields an owner writes (PostFields). */
export const postFieldsSchema = yup.object({
  title: oneLine('The title', POST_LIMITS.title).required('Write a title.'),
  slug: yup
    .string()
    .trim()
    .default('')
    .test(
      'slug-rules',
      ({ value }) => slugRuleProblem(value as string),
      (value) => !slugRuleProblem(value ?? ''),
    ),
  subtitle: oneLine('The subtitle', POST_LIMITS.title).default(''),
  postedDate: yup
    .string()
    .required('Give the date the post shows.')
    .test('date', 'Give the date as a day, e.g. 2026-12-01.', (value) => value === undefined || isRealDate(value)),
  author: oneLine('The author line', POST_LIMITS.author).default(''),
  markdown: yup
    .string()
    .trim()
    .required('Write the body of the post.')
    .max(POST_LIMITS.markdown, POST_BODY_TOO_LONG)
    .test(
      'body-rules',
      ({ value }) => postBodyProblem(value as string),
      (value) => value === undefined || postBodyProblem(value) === undefined,
    ),
  banner: postImage('banner image'),
  thumbnail: postImage('thumbnail'),
  metaDescription: yup
    .string()
    .trim()
    .max(POST_LIMITS.metaDescription, `The description can be at most ${POST_LIMITS.metaDescription} characters.`)
    .default(''),
  socialTitle: oneLine('The social title', POST_LIMITS.socialTitle).default(''),
  socialImage: postImage('social image'),
});
export type PostFieldsRequest = yup.InferType<typeof postFieldsSchema>;

/** A change names the `version` it was made on (PostDraft.version): another one is refused (409). */
const version = () => versionSeen('the post', 1);

export const postSaveSchema = postFieldsSchema.shape({ version: version() });
export type PostSaveRequest = yup.InferType<typeof postSaveSchema>;

/** Delete and restore: the version the owner saw. */
export const postVersionSchema = yup.object({ version: version() });

/** The preview: what is typed, saved or not, and the post it belongs to (its neighbours are the others). */
export const postPreviewSchema = postFieldsSchema.shape({
  id: yup.string().optional(),
});
export type PostPreviewRequest = yup.InferType<typeof postPreviewSchema>;

/**
 * Publish now (no `at`) or at a time: an ISO 8601 instant with its offset, e.g.
 * `2026-12-01T09:00:00-07:00` (the firm's time, America/Edmonton) or `…Z`.
 */
export const postPublishSchema = yup.object({
  version: version(),
  at: actAt(),
});
export type PostPublishRequest = yup.InferType<typeof postPublishSchema>;

/**
 * An image upload asked for (ImageUploadRequest): its place, its format and byte count within
 * POST_IMAGE_MAX_BYTES (the presigned POST's content-length-range is set from them), its size.
 */
export const imageUploadSchema = yup.object({
  role: yup.string().required().oneOf(Object.keys(POST_IMAGE_SIZES), 'Choose where the image goes.'),
  contentType: yup.string().required().oneOf(POST_IMAGE_TYPES, 'Choose a JPEG, PNG or WebP image.'),
  bytes: yup
    .number()
    .required()
    .integer()
    .min(1, 'The image is empty.')
    .max(
      POST_IMAGE_MAX_BYTES,
      `The image can be at most ${Math.round(POST_IMAGE_MAX_BYTES / 1024 / 1024)} MB. Choose a smaller one.`,
    ),
  width: yup.number().required().integer().min(1).max(10_000),
  height: yup.number().required().integer().min(1).max(10_000),
});

/** An upload accepted with its alt text, which is required. */
export const imageAcceptSchema = yup.object({
  uploadId: yup
    .string()
    .required()
    .matches(/^[A-Za-z0-9_-]{22}$/, 'There is no such upload.'),
  alt: oneLine("The image's description", POST_LIMITS.alt).required(
    'Describe the image for people who cannot see it (its alt text).',
  ),
});
