import { callOf, type Route } from '#shared/route-key.ts';
import type { Page } from '#shared/console/common.ts';
import {
  LEAD_ROUTES,
  type FollowUpStatus,
  type LeadChanged,
  type LeadDetail,
  type LeadEmailPart,
  type LeadSummary,
  type SpamRun,
} from '#shared/console/leads.ts';
import type { LeadListQuery, SpamRunScope } from '#shared/console/leads-schemas.ts';
import { consoleDownload, consoleRequest } from '../../client/console-client';

/** The leads routes (shared/console/leads.ts), one function each. */

/** The inbox's filters and search: the list's fields but the cursor (./inbox-filters.ts keeps them). */
export type InboxFilters = Omit<LeadListQuery, 'cursor'>;

const forLead = (route: Route, id: string) => callOf(route, { id });

export const leadsPage = (filters: InboxFilters, cursor: string | undefined, signal?: AbortSignal) =>
  consoleRequest<Page<LeadSummary>>(LEAD_ROUTES.list, { body: { ...filters, cursor }, signal });

/**
 * A part of the view as CSV (../../export/export-parts.ts): the first without a cursor; the API
 * writes the audit entry.
 */
export const leadsCsvPart = (filters: InboxFilters, cursor: string | undefined) =>
  consoleDownload(LEAD_ROUTES.export, { body: { ...filters, cursor } });

export const leadOf = (id: string, signal?: AbortSignal) =>
  consoleRequest<LeadDetail>(forLead(LEAD_ROUTES.get, id), { signal });

/** Every change but a note names the version of the lead the owner saw (a 409 if it changed since). */
export const moveLead = (id: string, to: FollowUpStatus, version: number) =>
  consoleRequest<LeadChanged>(forLead(LEAD_ROUTES.status, id), { body: { to, version } });

export const addNote = (id: string, text: string) =>
  consoleRequest<LeadChanged>(forLead(LEAD_ROUTES.notes, id), { body: { text } });

/** `on` null clears the date. */
export const setFollowUp = (id: string, on: string | null, version: number) =>
  consoleRequest<LeadChanged>(forLead(LEAD_ROUTES.followUp, id), { body: { on, version } });

export const markSpam = (id: string, spam: boolean, version: number) =>
  consoleRequest<LeadChanged>(forLead(LEAD_ROUTES.spam, id), { body: { spam, version } });

export const sendAgain = (id: string, part: LeadEmailPart) =>
  consoleRequest<LeadChanged>(forLead(LEAD_ROUTES.resend, id), { body: { part } });

/** Begins marking many leads as spam: counted, nothing marked yet (the API writes the audit entry as it goes). */
export const beginSpamRun = (scope: SpamRunScope) => consoleRequest<SpamRun>(LEAD_ROUTES.spamRuns, { body: scope });

/** The run's next step, with the scope it began with. */
export const spamRunStep = (run: string, scope: SpamRunScope) =>
  consoleRequest<SpamRun>(callOf(LEAD_ROUTES.spamRunStep, { run }), { body: scope });
