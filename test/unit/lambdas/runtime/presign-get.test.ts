import { S3RequestPresigner } from '@aws-sdk/s3-request-presigner';
import { Sha256 } from '@smithy/core/checksum';
import { presignedGetUrl } from '#lambdas/runtime/presign-get.ts';

const credentials = async () => ({
  accessKeyId: 'AKIDEXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
});
const target = {
  bucket: 'scorecard-bucket',
  key: 'docs/HR scorecard.pdf',
  region: 'ca-central-1',
  fileName: 'HR scorecard.pdf',
  expiresInSeconds: 300,
};

describe('presignedGetUrl', () => {
  it("signs exactly as the SDK's S3 presigner does (which the handler cannot bundle)", async () => {
    // Prepare
    const at = new Date('2025-01-01T00:00:00Z');
    const sdk = new S3RequestPresigner({ region: 'ca-central-1', credentials, sha256: Sha256 });

    // Act
    const expected = await sdk.presign(
      {
        method: 'GET',
        protocol: 'https:',
        hostname: 'scorecard-bucket.s3.ca-central-1.amazonaws.com',
        path: '/docs/HR%20scorecard.pdf',
        query: { 'response-content-disposition': 'attachment; filename="HR scorecard.pdf"' },
        headers: {},
      } as never,
      { expiresIn: 300, signingDate: at },
    );
    const url = new URL(await presignedGetUrl(target, credentials, at));

    // Assess
    expect(url.searchParams.get('X-Amz-Signature')).toBe(expected.query!['X-Amz-Signature']);
    expect(url.pathname).toBe(expected.path);
  });

  it('uses the path-style local endpoint when one is configured', async () => {
    const url = new URL(
      await presignedGetUrl(
        { ...target, endpoint: 'http://127.0.0.1:3000/local-s3' },
        credentials,
        new Date('2025-01-01T00:00:00Z'),
      ),
    );
    expect(`${url.origin}${url.pathname}`).toBe(
      'http://127.0.0.1:3000/local-s3/scorecard-bucket/docs/HR%20scorecard.pdf',
    );
  });

  it('signs the same request to the same signature (deterministic for a given time)', async () => {
    const at = new Date('2025-01-01T00:00:00Z');
    expect(await presignedGetUrl(target, credentials, at)).toBe(await presignedGetUrl(target, credentials, at));
    expect(await presignedGetUrl(target, credentials, at)).not.toBe(
      await presignedGetUrl({ ...target, key: 'other.pdf' }, credentials, at),
    );
  });

  it('adds the session token of temporary (Lambda role) credentials', async () => {
    const url = new URL(
      await presignedGetUrl(target, async () => ({ ...(await credentials()), sessionToken: 'session/token' })),
    );
    expect(url.searchParams.get('X-Amz-Security-Token')).toBe('session/token');
  });
});
