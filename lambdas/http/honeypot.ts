import { HONEYPOT_FIELD } from '#shared/schemas/fields.ts';
import * as log from '../runtime/log';
import { jsonObjectOf } from './json-object';
import type { ApiResult, HttpMiddleware } from './types';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The hidden `website` field is filled only by bots. Checked before validation, so any value
 * (a long one, a number) gets the answer a real submission gets, and nothing is stored or sent.
 * The answer comes after about as long as real submissions take in this instance (a moving
 * average, with jitter), so neither the answer nor its timing tells the bot it was caught.
 */
export const honeypot = (answer: () => ApiResult): HttpMiddleware => {
  let typicalMs = 40;
  const started = new WeakMap<object, number>();
  return {
    before: async (request) => {
      started.set(request, Date.now());
      // Before any validation, whatever the media type; nothing when the body is not a JSON
      // object (jsonBody answers that, from the same parse).
      let value: unknown;
      try {
        value = jsonObjectOf(request.event)[HONEYPOT_FIELD];
      } catch {
        return undefined;
      }
      if (value === undefined || value === '' || value === null || value === false) return undefined;
      log.warn('Honeypot field filled; submission dropped', { routeKey: request.event.routeKey });
      await pause(typicalMs * (0.8 + Math.random() * 0.4));
      return answer();
    },
    after: (request) => {
      const start = started.get(request);
      if (start !== undefined && (request.response?.statusCode ?? 500) < 300) {
        typicalMs = 0.8 * typicalMs + 0.2 * (Date.now() - start);
      }
    },
  };
};
