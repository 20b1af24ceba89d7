/**
 * The deployed build's render kit (shared/blog-site.ts RENDER_KIT_KEY), read from the site bucket:
 * the one object of it the Posts screen's function may read (its preview renders with it). Its own
 * module, imported at the first preview, with the one S3 command it sends named, so the bundle
 * carries that command alone.
 */
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { RENDER_KIT_KEY, type RenderKit } from '#shared/blog-site.ts';
import { createS3Client } from '../../runtime/aws-clients/s3';
import { requireEnv } from '../../runtime/env';

export const renderKitReaderFromEnv = () => {
  const s3 = createS3Client();
  const bucket = requireEnv('SITE_BUCKET');
  return async (): Promise<RenderKit> => {
    const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: RENDER_KIT_KEY }));
    return JSON.parse(await object.Body!.transformToString('utf-8')) as RenderKit;
  };
};
