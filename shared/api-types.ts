import type { Audience } from './constants/audiences';

/** Every success body carries `success`, a message for the visitor (docs/architecture.md#the-api-contract). */
export interface SuccessResponse {
  success: string;
}

/** Every error body carries `message`, readable by a person; never a stack trace. */
export interface ErrorResponse {
  message: string;
}

/**
 * GET /api/{audience}/subscribers/{id} answers a list with one subscriber
 * (docs/spec/site-spec.md#7-the-calls-it-makes).
 */
export interface SubscriberView {
  email: string;
  firstName: string;
  lastName: string;
  helpDescription: string;
}
export type GetSubscriberResponse = [SubscriberView];

export type { Audience };
export type { ScorecardRequest } from './schemas/scorecard';
export type { SignupRequest } from './schemas/signup';
export type { UnsubscribePayload, PreferencePayload } from './schemas/subscriber-update';
