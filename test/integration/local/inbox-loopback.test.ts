/**
 * The local inbox (every email the stack sent) answers only requests addressed to this machine:
 * a page whose own name was rebound to 127.0.0.1 cannot read it from the developer's browser.
 */
import { startSesLocal, type LocalService } from '#infra/local/services.ts';
import { rawRequest } from '../../support/raw-request';

let ses: LocalService;
beforeAll(async () => {
  ses = await startSesLocal();
});
afterAll(() => ses.close());

describe('the local inbox', () => {
  it.each([
    [{ host: 'rebound.example.test:8005' }, 'The local inbox answers requests addressed to localhost only.'],
    [{ origin: 'http://rebound.example.test' }, 'The local inbox answers pages served from localhost only.'],
  ])('refuses %j with 403 and shows no email', async (headers, message) => {
    const answer = await rawRequest(`${ses.endpoint}/store`, headers);

    expect(answer.status).toBe(403);
    expect(JSON.parse(answer.body)).toEqual({ message });
  });

  it('answers the developer on localhost', async () => {
    const answer = await rawRequest(`${ses.endpoint}/store`, { host: 'localhost:8005' });

    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toHaveProperty('emails');
  });
});
