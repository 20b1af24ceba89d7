import {
  PEOPLE_ROUTES,
  type ErasureAnswer,
  type EvidencePack,
  type PersonRecord,
  type UnsubscribeAnswer,
} from '#shared/console/people.ts';
import type { EvidenceRequest } from '#shared/console/people-schemas.ts';
import { consoleDownload, consoleRequest } from '../../client/console-client';

/**
 * The People screen's calls (lambdas/console/people/person-routes.ts). Every one is a POST with the
 * address in its body, never in the URL (shared/console/people.ts says why).
 */
export const personRecord = (email: string, signal?: AbortSignal) =>
  consoleRequest<PersonRecord>(PEOPLE_ROUTES.record, { body: { email }, signal });

/** The evidence pack as data, for the printable page (its own words in the audit log). */
export const evidencePack = (email: string, signal?: AbortSignal) =>
  consoleRequest<EvidencePack>(PEOPLE_ROUTES.evidence, {
    body: { email, use: 'print' } satisfies EvidenceRequest,
    signal,
  });

/** The evidence pack as the JSON file the API names (consent-evidence-<day>.json). */
export const evidenceFile = (email: string) =>
  consoleDownload(
    PEOPLE_ROUTES.evidence,
    { body: { email, use: 'download' } satisfies EvidenceRequest },
    'consent-evidence.json',
  );

export const unsubscribePerson = (email: string, reason: string) =>
  consoleRequest<UnsubscribeAnswer>(PEOPLE_ROUTES.unsubscribe, { body: { email, reason } });

export const erasePerson = (email: string, confirmEmail: string) =>
  consoleRequest<ErasureAnswer>(PEOPLE_ROUTES.erasure, { body: { email, confirmEmail } });
