import './support/env';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { API_ERRORS } from '../../../shared/constants';
import { handler as downloadScorecard } from '../../../lambdas/handlers/download-scorecard';
import { downloadEvent, invoke } from './support/api-events';
import { callsOf, dynamo, item } from './support/dynamo-mock';
import { NOW, SUBSCRIBER_ID } from './support/payloads';

const TOKEN = SUBSCRIBER_ID;

beforeEach(() => {
  dynamo.reset();
  jest.useFakeTimers({ now: NOW * 1000, doNotFake: ['nextTick', 'setImmediate'] });
});
afterEach(() => jest.useRealTimers());

describe('GET /api/employer/scorecard/download/{token}', () => {
  it('redirects (302) to a 5-minute presigned S3 URL that downloads the file as an attachment', async () => {
    dynamo.on(GetItemCommand).resolves({ Item: item({ id: `download#${TOKEN}`, kind: 'download-token', leadId: `lead#${TOKEN}`, expiresAt: NOW + 60 }) });

    const answer = await invoke(downloadScorecard, downloadEvent(TOKEN));

    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('no-store');
    const url = new URL(answer.headers.location!);
    expect(`${url.origin}${url.pathname}`).toBe('https://scorecard-bucket.s3.ca-central-1.amazonaws.com/documents/hr-scorecard.pdf');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
      'X-Amz-Credential': 'unit/20251009/ca-central-1/s3/aws4_request',
      'X-Amz-Date': '20251009T085320Z',
      'X-Amz-Expires': '300',
      'X-Amz-SignedHeaders': 'host',
      'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD',
      'response-content-disposition': 'attachment; filename="hr-scorecard.pdf"',
    });
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(callsOf(GetItemCommand)[0]).toMatchObject({ TableName: 'Leads-unit', Key: item({ id: `download#${TOKEN}` }) });
  });

  it('answers 410 once the link has expired', async () => {
    dynamo.on(GetItemCommand).resolves({ Item: item({ id: `download#${TOKEN}`, kind: 'download-token', leadId: 'lead#x', expiresAt: NOW }) });
    const answer = await invoke(downloadScorecard, downloadEvent(TOKEN));
    expect(answer).toMatchObject({ statusCode: 410, json: { message: API_ERRORS.downloadExpired } });
  });

  it('answers 404 with a readable message for an unknown token', async () => {
    dynamo.on(GetItemCommand).resolves({});
    const answer = await invoke(downloadScorecard, downloadEvent(TOKEN));
    expect(answer).toMatchObject({ statusCode: 404, json: { message: 'We could not find that download link. Please request the scorecard again.' } });
  });

  it('answers the same 404 for a malformed token without reading the table', async () => {
    const answer = await invoke(downloadScorecard, downloadEvent('../../etc/passwd'));
    expect(answer.statusCode).toBe(404);
    expect(dynamo.calls()).toHaveLength(0);
  });
});
