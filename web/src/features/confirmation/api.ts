import type { Audience } from '#shared/constants/audiences.ts';
import { apiPath } from '#shared/paths.ts';
import { requestJson, successText } from '../../lib/api-client';

/** POST /api/{audience}/confirmations/{token} (no body); resolves with the API's `success` text. */
export async function confirmSubscription(audience: Audience, token: string): Promise<string> {
  return successText(await requestJson(apiPath('confirmSubscription', { audience, token }), { method: 'POST' }));
}
