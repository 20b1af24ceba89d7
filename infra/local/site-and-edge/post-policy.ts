/**
 * S3's browser upload (POST Object with a SigV4 POST policy) as the twin's site bucket checks it,
 * so an upload the twin takes is one S3 would take and one it refuses S3 refuses, with S3's status
 * and code. From AWS's documentation:
 * - the policy (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-HTTPPOSTConstructPolicy.html):
 *   base64 JSON with `expiration` (ISO 8601; "not valid after") and `conditions`: exact matches
 *   (`{ "field": "value" }` or `["eq", "$field", "value"]`), `["starts-with", "$field", "prefix"]`,
 *   `["content-length-range", min, max]`; "you must specify at least one condition for each form
 *   field that you specify in the form", but `policy`, `x-amz-signature`, `file` and `x-ignore-*`
 *   fields; field names are matched without regard to case;
 * - the signature (https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-authentication-HTTPPOST.html):
 *   hex HMAC-SHA256 of the base64 policy with the SigV4 key of `x-amz-credential`'s day and region;
 * - POST Object (https://docs.aws.amazon.com/AmazonS3/latest/API/RESTObjectPOST.html): fields after
 *   the file are ignored, one file per request, 204 by default;
 * - the errors (https://docs.aws.amazon.com/AmazonS3/latest/API/ErrorResponses.html): a wrong
 *   signature 403 SignatureDoesNotMatch, an unknown key 403 InvalidAccessKeyId, an expired policy
 *   or a failed condition 403 AccessDenied ("Invalid according to Policy: …"), a file over or under
 *   the range 400 EntityTooLarge / EntityTooSmall, a malformed policy 400 InvalidPolicyDocument.
 * Written apart from the function's signer (lambdas/console/posts/post-upload-policy.ts), so a signing
 * bug is not mirrored here.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface PostUpload {
  key: string;
  contentType: string;
  body: Buffer;
}

export type PostVerdict =
  { ok: true; upload: PostUpload } | { ok: false; status: 400 | 403; code: string; message: string };

const refuse = (status: 400 | 403, code: string, message: string): PostVerdict => ({
  ok: false,
  status,
  code,
  message,
});
const policyFailed = (why: string) => refuse(403, 'AccessDenied', `Invalid according to Policy: ${why}`);

/** Fields a policy need not name. */
const UNCONDITIONED = new Set(['policy', 'x-amz-signature', 'file']);

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * The form's fields (names in lower case, as S3 matches them) and its file, read as S3 does:
 * up to the file, which is the last field read.
 */
async function readForm(contentType: string, body: Buffer) {
  const form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } })
    .formData()
    .catch(() => undefined);
  if (!form) return undefined;
  const fields = new Map<string, string>();
  for (const [name, value] of form.entries()) {
    if (typeof value !== 'string') return { fields, file: Buffer.from(await value.arrayBuffer()) };
    fields.set(name.toLowerCase(), value);
  }
  return { fields, file: undefined };
}

type Condition = { field: string; test: (value: string | undefined) => boolean } | { range: [number, number] };

/** A policy's conditions, or undefined when one is not of AWS's forms. */
function conditionsOf(conditions: unknown): Condition[] | undefined {
  if (!Array.isArray(conditions)) return undefined;
  const read: Condition[] = [];
  for (const condition of conditions as unknown[]) {
    if (Array.isArray(condition)) {
      const [op, first, second] = condition as unknown[];
      if (op === 'content-length-range' && Number.isInteger(first) && Number.isInteger(second))
        read.push({ range: [first as number, second as number] });
      else if ((op === 'eq' || op === 'starts-with') && typeof first === 'string' && first.startsWith('$')) {
        const expected = String(second);
        read.push({
          field: first.slice(1).toLowerCase(),
          test: (value) => value !== undefined && (op === 'eq' ? value === expected : value.startsWith(expected)),
        });
      } else return undefined;
    } else if (condition && typeof condition === 'object' && Object.keys(condition).length === 1) {
      const [[field, expected]] = Object.entries(condition);
      read.push({ field: field.toLowerCase(), test: (value) => value === String(expected) });
    } else return undefined;
  }
  return read;
}

export interface PostPolicyKey {
  accessKeyId: string;
  secretAccessKey: string;
}

/** Checks a browser's POST to `bucket` (its multipart body) as S3 does; the upload it may store. */
export async function verifyPostUpload(
  bucket: string,
  contentType: string,
  body: Buffer,
  key: PostPolicyKey,
  now = Date.now(),
): Promise<PostVerdict> {
  const form = /^multipart\/form-data/i.test(contentType) ? await readForm(contentType, body) : undefined;
  if (!form)
    return refuse(400, 'MalformedPOSTRequest', 'The body of your POST request is not well-formed multipart/form-data.');
  const { fields, file } = form;
  const policy = fields.get('policy');
  const signature = fields.get('x-amz-signature');
  const credential = fields.get('x-amz-credential') ?? '';
  // Without a policy the POST is anonymous, which a private bucket refuses.
  if (!policy || !signature) return refuse(403, 'AccessDenied', 'Access Denied');
  const [accessKeyId, day = '', region = '', service, terminator] = credential.split('/');
  if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256' || service !== 's3' || terminator !== 'aws4_request')
    return refuse(
      400,
      'InvalidArgument',
      'x-amz-algorithm must be AWS4-HMAC-SHA256 and x-amz-credential a SigV4 scope.',
    );
  if (accessKeyId !== key.accessKeyId)
    return refuse(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${key.secretAccessKey}`, day), region), 's3'), 'aws4_request');
  const expected = Buffer.from(hmac(signingKey, policy).toString('hex'));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return refuse(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    );
  let document: { expiration?: unknown; conditions?: unknown };
  try {
    document = JSON.parse(Buffer.from(policy, 'base64').toString('utf8')) as typeof document;
  } catch {
    return refuse(400, 'InvalidPolicyDocument', 'Invalid Policy: Invalid JSON.');
  }
  const expiration = typeof document.expiration === 'string' ? Date.parse(document.expiration) : NaN;
  const conditions = conditionsOf(document.conditions);
  if (Number.isNaN(expiration) || !conditions)
    return refuse(
      400,
      'InvalidPolicyDocument',
      'Invalid Policy: the expiration or a condition is not of the forms S3 reads.',
    );
  if (now > expiration) return policyFailed('Policy expired.');
  const values = new Map([...fields, ['bucket', bucket]]);
  for (const condition of conditions) {
    if ('field' in condition && !condition.test(values.get(condition.field)))
      return policyFailed(`Policy Condition failed: ["eq", "$${condition.field}", …]`);
  }
  const named = new Set(conditions.flatMap((condition) => ('field' in condition ? [condition.field] : [])));
  const extra = [...fields.keys()].filter(
    (name) => !UNCONDITIONED.has(name) && !name.startsWith('x-ignore-') && !named.has(name),
  );
  if (extra.length > 0) return policyFailed(`Extra input fields: ${extra.join(', ')}`);
  if (!file) return refuse(400, 'InvalidArgument', 'POST requires exactly one file upload per request.');
  for (const condition of conditions) {
    if (!('range' in condition)) continue;
    if (file.length > condition.range[1])
      return refuse(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
    if (file.length < condition.range[0])
      return refuse(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
  }
  const objectKey = fields.get('key');
  if (!objectKey) return refuse(400, 'InvalidArgument', "Bucket POST must contain a field named 'key'.");
  return {
    ok: true,
    upload: { key: objectKey, contentType: fields.get('content-type') ?? 'binary/octet-stream', body: file },
  };
}
