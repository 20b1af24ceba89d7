/**
 * The Posts screen's images (POST_ROUTES.imageUpload, imageAccept; decision 0053). The browser
 * resizes an image, asks here for a presigned POST and sends the bytes straight to the private
 * `post-uploads/` prefix of the site bucket, S3 holding it to the policy (this key, this type, at
 * most the bytes declared); then asks here to accept it with its alt text. Accepting reads the
 * bytes and believes them only: a JPEG, PNG or WebP by its own signature, its size read from its
 * header, stored under `media/posts/<content hash>.<its own extension>` with its own type (a JPEG
 * named .png is stored as the JPEG it is), cached for a year; anything else (SVG, HTML …) is
 * refused in words and the upload deleted, so nothing of it is ever served. CloudFront serves
 * `media/` with the site's response-headers policy, `nosniff` among them (infra/cdk/site/security-headers.ts).
 */
import { createHash } from 'node:crypto';
import { POST_MEDIA_PREFIX } from '#shared/blog-site.ts';
import { POST_ROUTES, type ImageUploadTicket, type PostImage } from '#shared/console/posts.ts';
import { imageFacts } from '../../domain/image-bytes';
import { Refusal } from '../../domain/refusal';
import { jsonResponse } from '../../http/responses';
import { onFirstUse } from '../../runtime/on-first-use';
import { randomToken } from '../../runtime/tokens';
import { bodyRoute, type ConsoleRoute } from '../kit/router';
import { postSchemas, type PostRequest } from './post-routes';

export const IMAGE_MESSAGES = {
  notAnImage:
    'This file is not a JPEG, PNG or WebP image, so it was not added. Drawings in SVG, web pages and other files cannot be used as images: save the picture as a JPEG, PNG or WebP and upload it again.',
  noUpload: 'The image did not arrive, or was already added. Upload it again.',
} as const;

const imageStore = onFirstUse(async () => (await import('./post-image-store')).postImageStoreFromEnv());

/** The image's name under `media/posts/`: its bytes' hash (128 bits), so one image is stored once and never changes. */
const mediaName = (bytes: Buffer, extension: string) =>
  `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`;

const TYPE_WORDS = { 'image/jpeg': 'JPEG', 'image/png': 'PNG', 'image/webp': 'WebP' } as const;

export const POST_IMAGE_ROUTES: ConsoleRoute<PostRequest>[] = [
  bodyRoute({
    route: POST_ROUTES.imageUpload,
    body: postSchemas.bodySchema((schemas) => schemas.imageUploadSchema),
    handle: async (request, { contentType, bytes }) => {
      const uploadId = randomToken();
      const form = await (await imageStore()).uploadForm(uploadId, contentType, bytes, request.now * 1000);
      return jsonResponse(200, { uploadId, ...form, maxBytes: bytes } satisfies ImageUploadTicket);
    },
  }),
  bodyRoute({
    route: POST_ROUTES.imageAccept,
    body: postSchemas.bodySchema((schemas) => schemas.imageAcceptSchema),
    handle: async (request, { uploadId, alt }) => {
      const store = await imageStore();
      const bytes = await store.readUpload(uploadId);
      if (!bytes) throw new Refusal('not-found', IMAGE_MESSAGES.noUpload);
      const facts = imageFacts(bytes);
      if (!facts) {
        await store.deleteUpload(uploadId);
        throw new Refusal('invalid', IMAGE_MESSAGES.notAnImage);
      }
      const name = mediaName(bytes, facts.extension);
      await store.storeImage(name, bytes, facts.type);
      await store.deleteUpload(uploadId);
      const image: PostImage = { src: `/${POST_MEDIA_PREFIX}${name}`, width: facts.width, height: facts.height, alt };
      await request.audit({
        action: 'post.image',
        target: image.src,
        summary: `Uploaded an image (${TYPE_WORDS[facts.type]}, ${facts.width} × ${facts.height}) as ${image.src}, described "${alt}"`,
      });
      return jsonResponse(201, image);
    },
  }),
];
