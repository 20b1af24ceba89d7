/**
 * An S3 presigned POST for one image upload (POST_ROUTES.imageUpload), signed by hand with
 * Signature Version 4 as the repository's presigned downloads are checked (decision 0030): the
 * SDK's @aws-sdk/s3-presigned-post is not among the project's packages, and the signature is one
 * HMAC over the policy. The policy is AWS's (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html):
 * an expiration, and a condition for every form field the browser sends ("you must specify at
 * least one condition for each form field that you specify in the form"): the bucket, this one
 * key exactly, this content type exactly, the byte count's range, and the signing fields. The
 * signature is hex(HMAC-SHA256(signing key, base64 policy)), the signing key derived as every
 * SigV4 request's (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-post-example.html).
 */
import { createHmac } from 'node:crypto';

export interface UploadCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface UploadPolicyRequest {
  bucket: string;
  key: string;
  contentType: string;
  maxBytes: number;
  region: string;
  credentials: UploadCredentials;
  /** Unix milliseconds. */
  now: number;
  expiresInSeconds: number;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** `20261128T235959Z`, SigV4's date. */
const amzDate = (ms: number) =>
  new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** The signature of a base64 policy: hex HMAC-SHA256 with the SigV4 key of `day` (`YYYYMMDD`) and `region` for S3. */
export const policySignature = (base64Policy: string, secretAccessKey: string, day: string, region: string) =>
  hmac(hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), 's3'), 'aws4_request'), base64Policy).toString(
    'hex',
  );

/** The form fields to send before the file, `policy` and `x-amz-signature` among them. */
export function presignedPostFields(request: UploadPolicyRequest): Record<string, string> {
  const date = amzDate(request.now);
  const day = date.slice(0, 8);
  const credential = `${request.credentials.accessKeyId}/${day}/${request.region}/s3/aws4_request`;
  const signed: Record<string, string> = {
    key: request.key,
    'Content-Type': request.contentType,
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    'x-amz-credential': credential,
    'x-amz-date': date,
    // A function's role session signs: S3 needs its token (a condition too, as a form field).
    ...(request.credentials.sessionToken && { 'x-amz-security-token': request.credentials.sessionToken }),
  };
  const policy = Buffer.from(
    JSON.stringify({
      expiration: new Date(request.now + request.expiresInSeconds * 1000).toISOString(),
      conditions: [
        { bucket: request.bucket },
        ...Object.entries(signed).map(([name, value]) => ['eq', `$${name}`, value]),
        ['content-length-range', 1, request.maxBytes],
      ],
    }),
  ).toString('base64');
  const signature = policySignature(policy, request.credentials.secretAccessKey, day, request.region);
  return { ...signed, policy, 'x-amz-signature': signature };
}
