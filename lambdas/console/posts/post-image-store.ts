/**
 * The owners' images in the site bucket (decision 0053), for the Posts screen's two image routes:
 * a presigned POST into the private `post-uploads/` prefix, then reading an upload, deleting it,
 * and storing an accepted image under `media/posts/`. Its own module, read at the first image
 * request, with the S3 commands it sends named, so the bundle carries those alone and a cold start
 * of the Posts screen's function reads none of it.
 */
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { POST_MEDIA_CACHE_CONTROL, POST_MEDIA_PREFIX, POST_UPLOADS_PREFIX } from '#shared/blog-site.ts';
import { createS3Client } from '../../runtime/aws-clients/s3';
import { requireEnv } from '../../runtime/env';
import { presignedPostFields } from './post-upload-policy';

/** A few minutes: the browser sends the resized image right after asking. */
export const UPLOAD_POLICY_SECONDS = 5 * 60;

export const uploadKey = (uploadId: string) => `${POST_UPLOADS_PREFIX}${uploadId}`;

const isMissing = (error: unknown) =>
  error instanceof Error && ['NoSuchKey', 'AccessDenied', 'NotFound'].includes(error.name);

export const postImageStoreFromEnv = () => {
  const s3 = createS3Client();
  const bucket = requireEnv('SITE_BUCKET');
  // Where the browser sends the form: the bucket's regional host in AWS, the site's origin on the twin.
  const url = requireEnv('POST_UPLOAD_URL');
  return {
    /** The URL and form fields of a presigned POST of `uploadId`'s key: this type, 1 to `maxBytes` bytes. */
    async uploadForm(uploadId: string, contentType: string, maxBytes: number, now: number) {
      const region = await s3.config.region();
      const credentials = await s3.config.credentials();
      return {
        url,
        fields: presignedPostFields({
          bucket,
          key: uploadKey(uploadId),
          contentType,
          maxBytes,
          region,
          credentials,
          now,
          expiresInSeconds: UPLOAD_POLICY_SECONDS,
        }),
      };
    },
    /** The upload's bytes; undefined when there is none (never sent, expired, already accepted). */
    async readUpload(uploadId: string): Promise<Buffer | undefined> {
      try {
        const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: uploadKey(uploadId) }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (error) {
        // Without s3:ListBucket, S3 answers a missing key 403 AccessDenied rather than 404.
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    deleteUpload: (uploadId: string) =>
      s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: uploadKey(uploadId) })).then(() => undefined),
    /** Stores an accepted image at `media/posts/<name>`, its real type, cached a year (its name is its hash). */
    storeImage: (name: string, bytes: Buffer, contentType: string) =>
      s3
        .send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: `${POST_MEDIA_PREFIX}${name}`,
            Body: bytes,
            ContentType: contentType,
            CacheControl: POST_MEDIA_CACHE_CONTROL,
          }),
        )
        .then(() => undefined),
  };
};
export type PostImageStore = ReturnType<typeof postImageStoreFromEnv>;
