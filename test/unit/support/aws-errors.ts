/**
 * Errors as the AWS SDK raises them when SES or DynamoDB is throttling, down or unreachable, for
 * the tests' stand-ins of a call (a mocked `send`); a DynamoDB outage itself is set on the fault
 * switch of the test's own dynalite (./own-dynalite.ts).
 */
export const throttled = () =>
  Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException', $metadata: { httpStatusCode: 400 } });
export const unavailable = () =>
  Object.assign(new Error('Service unavailable'), { name: 'ServiceUnavailable', $metadata: { httpStatusCode: 503 } });
export const refusedConnection = () =>
  Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8000'), { code: 'ECONNREFUSED' });
export const timedOut = () => Object.assign(new Error('Connection timed out after 15000 ms'), { name: 'TimeoutError' });
export const connectionReset = () => Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
/** Any error answer of SES (its HTTP status and the error's name), as the AWS SDK gives it. */
export const sesAnswer = (status: number, name: string) =>
  Object.assign(new Error(name), { name, $metadata: { httpStatusCode: status } });
