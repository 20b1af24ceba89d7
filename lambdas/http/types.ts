import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { MiddlewareObj } from '@middy/core';

/** API Gateway HTTP API, payload format 2.0 (header names arrive in lower case). */
export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** An event whose body passed the route's schema; `validBody` is the cast, trimmed value. */
export type ValidatedEvent<TBody> = ApiEvent & { validBody: TBody };

export type HttpMiddleware = MiddlewareObj<ApiEvent, ApiResult>;
