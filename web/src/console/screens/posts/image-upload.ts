import {
  POST_IMAGE_MAX_BYTES,
  POST_IMAGE_SIZES,
  POST_IMAGE_TYPES,
  type ImageUploadTicket,
  type PostImage,
  type PostImageRole,
  type PostImageType,
} from '#shared/console/posts.ts';
import { NETWORK_ERROR_MESSAGE, RequestError } from '#web/src/lib/api-client.ts';
import { acceptImage, askImageUpload } from './posts-api';

export const IMAGE_WORDS = {
  wrongType: 'Choose a JPEG, PNG or WebP image.',
  unreadable: 'This file is not an image the browser can read. Choose a JPEG, PNG or WebP image.',
  tooLarge: (limit: number) =>
    `Even resized, this image is larger than ${Math.round(limit / 1024 / 1024)} MB. Choose a smaller one.`,
  refused: 'The image could not be uploaded. Please try again.',
} as const;

/** Where an upload stands, for the field's progress line. */
export type UploadStage = { step: 'resizing' } | { step: 'uploading'; share: number } | { step: 'checking' };

interface Resized {
  blob: Blob;
  type: PostImageType;
  width: number;
  height: number;
}

/**
 * The part of the picture kept and its size on the page: the whole picture at most `width` wide,
 * or, with a `height`, the middle of it cut to that shape (the blog's cards). Never enlarged.
 */
export function fitted(width: number, height: number, size: { width: number; height?: number }) {
  const shape = size.height ? size.width / size.height : width / height;
  const sw = Math.min(width, height * shape);
  const sh = sw / shape;
  const outWidth = Math.round(Math.min(size.width, sw));
  return {
    source: [(width - sw) / 2, (height - sh) / 2, sw, sh] as const,
    width: outWidth,
    height: Math.max(1, Math.round(outWidth / shape)),
  };
}

/**
 * The picture drawn again at the blog's size for its place (POST_IMAGE_SIZES), in its own format:
 * fewer bytes to send and to serve, and none of the camera's metadata (where it was taken) goes
 * along. createImageBitmap turns a photo the right way up by its EXIF orientation (its default,
 * `imageOrientation: 'from-image'`, https://developer.mozilla.org/en-US/docs/Web/API/Window/createImageBitmap).
 */
async function resized(file: File, role: PostImageRole): Promise<Resized> {
  if (!(POST_IMAGE_TYPES as readonly string[]).includes(file.type)) throw new Error(IMAGE_WORDS.wrongType);
  const bitmap = await createImageBitmap(file).catch(() => {
    throw new Error(IMAGE_WORDS.unreadable);
  });
  const { source, width, height } = fitted(bitmap.width, bitmap.height, POST_IMAGE_SIZES[role]);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, ...source, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, 0.85));
  // A browser that cannot write the format (WebP in an older Safari) gives PNG: sent as what it is.
  if (!blob || !(POST_IMAGE_TYPES as readonly string[]).includes(blob.type)) throw new Error(IMAGE_WORDS.unreadable);
  return { blob, type: blob.type as PostImageType, width, height };
}

/** S3's presigned POST: the ticket's fields, then the file last (S3 ignores fields after it). */
function sendForm(ticket: ImageUploadTicket, blob: Blob, onShare: (share: number) => void) {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append('file', blob);
  return new Promise<void>((resolve, reject) => {
    // XMLHttpRequest, not fetch: only it reports an upload's progress.
    const request = new XMLHttpRequest();
    request.open('POST', ticket.url);
    request.upload.onprogress = (event) => event.lengthComputable && onShare(event.loaded / event.total);
    request.onload = () => (request.status < 300 ? resolve() : reject(new RequestError(IMAGE_WORDS.refused)));
    request.onerror = () => reject(new RequestError(NETWORK_ERROR_MESSAGE));
    request.send(form);
  });
}

/**
 * One image from the owner's device to the site: resized in the browser, a presigned POST asked
 * for (POST_ROUTES.imageUpload), the bytes sent straight to the private uploads prefix, then
 * accepted with its alt text (POST_ROUTES.imageAccept), which checks the bytes and answers the
 * image as the page will use it.
 */
export async function uploadImage(
  file: File,
  role: PostImageRole,
  alt: string,
  onStage: (stage: UploadStage) => void,
): Promise<PostImage> {
  onStage({ step: 'resizing' });
  const image = await resized(file, role);
  if (image.blob.size > POST_IMAGE_MAX_BYTES) throw new Error(IMAGE_WORDS.tooLarge(POST_IMAGE_MAX_BYTES));
  const ticket = await askImageUpload({
    role,
    contentType: image.type,
    bytes: image.blob.size,
    width: image.width,
    height: image.height,
  });
  onStage({ step: 'uploading', share: 0 });
  await sendForm(ticket, image.blob, (share) => onStage({ step: 'uploading', share }));
  onStage({ step: 'checking' });
  return acceptImage(ticket.uploadId, alt);
}
