/**
 * The twin's Lambda endpoint with a stand-in for the site's publisher that only counts the runs
 * it is asked for, for a test of what the console asks of the publisher
 * rather than of the pages it writes. The caller's role is held to its grants, as in AWS
 * (infra/local/functions/local-lambda.ts).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalLambda, LOCAL_LAMBDA_PREFIX } from '#infra/local/functions/local-lambda.ts';
import { twinIam } from '#test/support/twin-iam.ts';

export const startPublisherRequests = async () => {
  let runs = 0;
  const invoke = createLocalLambda({ sitePublisher: () => void (runs += 1) }, twinIam());
  const server = createServer((req, res) => void invoke(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}${LOCAL_LAMBDA_PREFIX}`,
    /** The runs asked for so far. */
    count: () => runs,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};
