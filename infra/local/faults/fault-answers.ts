import { randomUUID } from 'node:crypto';
import type { FaultService } from './fault-switch';

export interface FaultAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export const INJECTED_FAULT_MESSAGE = 'Service unavailable (injected by the local fault switch)';

/**
 * What each service answers during an outage, in its own protocol, so the SDK raises the same
 * error it would in AWS: a 503 `ServiceUnavailable`, which the SDK counts as retryable.
 */
const ANSWERS: Record<FaultService, (requestId: string) => FaultAnswer> = {
  // DynamoDB speaks JSON 1.0: the error type in x-amzn-ErrorType and in the body's __type.
  dynamodb: (requestId) => ({
    status: 503,
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amzn-errortype': 'ServiceUnavailable',
      'x-amzn-requestid': requestId,
    },
    body: JSON.stringify({
      __type: 'com.amazonaws.dynamodb.v20120810#ServiceUnavailable',
      message: INJECTED_FAULT_MESSAGE,
    }),
  }),
  // SES v1 speaks the query protocol: an XML ErrorResponse; Receiver = the service's fault.
  ses: (requestId) => ({
    status: 503,
    headers: { 'content-type': 'text/xml', 'x-amzn-requestid': requestId },
    body:
      '<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/">' +
      `<Error><Type>Receiver</Type><Code>ServiceUnavailable</Code><Message>${INJECTED_FAULT_MESSAGE}</Message></Error>` +
      `<RequestId>${requestId}</RequestId></ErrorResponse>`,
  }),
};

export const faultAnswer = (service: FaultService): FaultAnswer => ANSWERS[service](randomUUID());
