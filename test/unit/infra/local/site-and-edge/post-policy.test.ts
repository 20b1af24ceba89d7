/**
 * The image upload's presigned POST, signed by the Posts screen's function
 * (lambdas/console/posts/post-upload-policy.ts) and checked by the twin's S3 (infra/local/site-and-edge/post-policy.ts),
 * each held to AWS's own worked example ("Example: Browser-Based Upload using HTTP POST (Using AWS
 * Signature Version 4)", https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-post-example.html):
 * its policy, example credentials and signature. Written apart, the two agree with AWS, not only
 * with each other.
 */
import { verifyPostUpload } from '#infra/local/site-and-edge/post-policy.ts';
import { policySignature, presignedPostFields } from '#lambdas/console/posts/post-upload-policy.ts';

/** AWS's example policy as published (CRLF line ends), base64, and its signature. */
const AWS_POLICY =
  'eyAiZXhwaXJhdGlvbiI6ICIyMDE1LTEyLTMwVDEyOjAwOjAwLjAwMFoiLA0KICAiY29uZGl0aW9ucyI6IFsNCiAgICB7ImJ1Y2tldCI6ICJzaWd2NGV4YW1wbGVidWNrZXQifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRrZXkiLCAidXNlci91c2VyMS8iXSwNCiAgICB7ImFjbCI6ICJwdWJsaWMtcmVhZCJ9LA0KICAgIHsic3VjY2Vzc19hY3Rpb25fcmVkaXJlY3QiOiAiaHR0cDovL3NpZ3Y0ZXhhbXBsZWJ1Y2tldC5zMy5hbWF6b25hd3MuY29tL3N1Y2Nlc3NmdWxfdXBsb2FkLmh0bWwifSwNCiAgICBbInN0YXJ0cy13aXRoIiwgIiRDb250ZW50LVR5cGUiLCAiaW1hZ2UvIl0sDQogICAgeyJ4LWFtei1tZXRhLXV1aWQiOiAiMTQzNjUxMjM2NTEyNzQifSwNCiAgICB7IngtYW16LXNlcnZlci1zaWRlLWVuY3J5cHRpb24iOiAiQUVTMjU2In0sDQogICAgWyJzdGFydHMtd2l0aCIsICIkeC1hbXotbWV0YS10YWciLCAiIl0sDQoNCiAgICB7IngtYW16LWNyZWRlbnRpYWwiOiAiQUtJQUlPU0ZPRE5ON0VYQU1QTEUvMjAxNTEyMjkvdXMtZWFzdC0xL3MzL2F3czRfcmVxdWVzdCJ9LA0KICAgIHsieC1hbXotYWxnb3JpdGhtIjogIkFXUzQtSE1BQy1TSEEyNTYifSwNCiAgICB7IngtYW16LWRhdGUiOiAiMjAxNTEyMjlUMDAwMDAwWiIgfQ0KICBdDQp9';
const AWS_SIGNATURE = '8afdbf4008c03f22c2cd3cdb72e4afbb1f6a588f3255ac628749a66d7f09699e';
const AWS_KEY = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' };
/** The example form's fields (its key with a file name in place of `${filename}`). */
const AWS_FORM = {
  key: 'user/user1/photo.jpg',
  acl: 'public-read',
  success_action_redirect: 'http://sigv4examplebucket.s3.amazonaws.com/successful_upload.html',
  'Content-Type': 'image/jpeg',
  'x-amz-meta-uuid': '14365123651274',
  'x-amz-server-side-encryption': 'AES256',
  'X-Amz-Credential': 'AKIAIOSFODNN7EXAMPLE/20151229/us-east-1/s3/aws4_request',
  'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
  'X-Amz-Date': '20151229T000000Z',
  'x-amz-meta-tag': '',
  Policy: AWS_POLICY,
  'X-Amz-Signature': AWS_SIGNATURE,
};
const AT = Date.parse('2015-12-29T00:00:00Z');

/** The multipart body a browser sends: the fields, then the file. */
const multipart = async (fields: Record<string, string>, file: Buffer) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(file)]));
  const request = new Request('http://s3.test/', { method: 'POST', body: form });
  return { contentType: request.headers.get('content-type')!, body: Buffer.from(await request.arrayBuffer()) };
};
const check = async (fields: Record<string, string>, file: Buffer, now = AT, bucket = 'sigv4examplebucket') => {
  const { contentType, body } = await multipart(fields, file);
  return verifyPostUpload(bucket, contentType, body, AWS_KEY, now);
};

describe('the presigned POST', () => {
  it("signs AWS's example policy to AWS's example signature", () => {
    expect(policySignature(AWS_POLICY, AWS_KEY.secretAccessKey, '20151229', 'us-east-1')).toBe(AWS_SIGNATURE);
  });

  it("takes AWS's example form, and refuses it once a field or the signature is changed", async () => {
    const file = Buffer.from('a picture');
    expect(await check(AWS_FORM, file)).toMatchObject({
      ok: true,
      upload: { key: 'user/user1/photo.jpg', contentType: 'image/jpeg', body: file },
    });
    expect(await check({ ...AWS_FORM, key: 'user/user2/photo.jpg' }, file)).toMatchObject({
      status: 403,
      code: 'AccessDenied',
    });
    expect(await check({ ...AWS_FORM, 'Content-Type': 'text/html' }, file)).toMatchObject({ code: 'AccessDenied' });
    expect(await check({ ...AWS_FORM, 'X-Amz-Signature': '0'.repeat(64) }, file)).toMatchObject({
      code: 'SignatureDoesNotMatch',
    });
    expect(await check(AWS_FORM, file, AT, 'another-bucket')).toMatchObject({ code: 'AccessDenied' });
    expect(await check(AWS_FORM, file, Date.parse('2015-12-30T12:00:01Z'))).toMatchObject({
      code: 'AccessDenied',
      message: 'Invalid according to Policy: Policy expired.',
    });
  });

  it('signs a policy the twin takes for exactly its key, type and size', async () => {
    const fields = presignedPostFields({
      bucket: 'site',
      key: 'post-uploads/abc',
      contentType: 'image/png',
      maxBytes: 10,
      region: 'ca-central-1',
      credentials: { ...AWS_KEY, sessionToken: 'session' },
      now: AT,
      expiresInSeconds: 300,
    });
    const verify = async (bytes: number, changed: Record<string, string> = {}, now = AT) => {
      const { contentType, body } = await multipart({ ...fields, ...changed }, Buffer.alloc(bytes, 1));
      return verifyPostUpload('site', contentType, body, AWS_KEY, now);
    };
    expect(await verify(10)).toMatchObject({ ok: true, upload: { key: 'post-uploads/abc', contentType: 'image/png' } });
    expect(await verify(11)).toMatchObject({ status: 400, code: 'EntityTooLarge' });
    expect(await verify(0)).toMatchObject({ status: 400, code: 'EntityTooSmall' });
    expect(await verify(10, { 'x-amz-security-token': 'another session' })).toMatchObject({ code: 'AccessDenied' });
    expect(await verify(10, {}, AT + 301_000)).toMatchObject({
      message: 'Invalid according to Policy: Policy expired.',
    });
  });
});
