/** Error names the AWS SDK gives an outage, throttling or timeout of the service it called. */
const FAULT_NAMES = new Set([
  'ThrottlingException',
  'Throttling',
  'ProvisionedThroughputExceededException',
  'RequestLimitExceeded',
  'LimitExceededException',
  'InternalServerError',
  'InternalFailure',
  'ServiceUnavailable',
  'ServiceUnavailableException',
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
]);

/** Node's network errors: the service could not be reached. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * True when a request failed because a dependency (DynamoDB, SES) was down, slow or throttling,
 * not because of the request or our code: the visitor should try again soon (503 + Retry-After).
 */
export const isDependencyFault = (error: unknown): boolean => {
  if (!(error instanceof Error)) return false;
  const { $metadata, $retryable, code } = error as {
    $metadata?: { httpStatusCode?: number };
    $retryable?: unknown;
    code?: string;
  };
  return (
    FAULT_NAMES.has(error.name) ||
    NETWORK_CODES.has(code ?? '') ||
    ($metadata?.httpStatusCode ?? 0) >= 500 ||
    $retryable !== undefined
  );
};
