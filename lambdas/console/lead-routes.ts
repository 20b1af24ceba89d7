import {
  FOLLOW_UP_STATUS_NAMES,
  LEAD_FORMS,
  LEAD_ROUTES,
  NEXT_STATUSES,
  type FollowUpStatus,
  type LeadChanged,
  type LeadSummary,
} from '#shared/console-leads.ts';
import type { Page } from '#shared/console-api.ts';
import type { LeadListQuery } from '#shared/schemas/console-leads.ts';
import { withoutControls } from '#shared/inert-text.ts';
import { changeFollowUp, appendNote, type FollowUpChange } from '../data/lead-follow-up';
import { leadId, type LeadItem, type MailPart } from '../data/lead-item';
import { getLead } from '../data/leads';
import { resendLeadPart } from '../domain/resend-lead-mail';
import { HttpError } from '../http/http-error';
import { jsonResponse } from '../http/responses';
import { schemasOnFirstUse } from '../http/schemas-on-first-use';
import { deliveryPolicyFromEnv } from '../mail/delivery-policy';
import type { ConsoleRoute } from './console-router';
import type { ConsoleRequest } from './console-request';
import { leadsCsvPart } from './lead-export';
import { readLeads } from './lead-list';
import { LEAD_MESSAGES } from './lead-messages';
import { leadDetail, leadSummary } from './lead-view';

/** A page of the list, and how many DynamoDB reads one request may spend filling it. */
const PAGE_SIZE = 50;
const MAX_READS_PER_PAGE = 10;

/** This screen's schemas, read with yup at its first request with a body to check (schemas-on-first-use.ts). */
const { bodyOf } = schemasOnFirstUse(() => import('#shared/schemas/console-leads.ts'));

/** The words of the audit log for a view of the inbox, as its screen names them. */
const VIEW_WORDS: Record<string, string> = { inbox: 'the inbox', overdue: 'the overdue leads', spam: 'spam' };
const FORM_WORDS: Record<string, string> = { scorecard: 'scorecard form', signup: 'contact/sign-up form' };
const AUDIENCE_WORDS: Record<string, string> = { candidate: 'candidates', employer: 'employers' };

/**
 * A search of the leads in the audit log's plain words: where, which filters, how many were
 * shown. Never the words searched: an address typed there would outlive its erasure in this
 * append-only log (docs/decisions/0072-erasure.md), as the export's entry keeps it too.
 */
const searchSummary = (query: LeadListQuery, shown: number) => {
  const filters = [
    query.form && FORM_WORDS[query.form],
    query.audience && AUDIENCE_WORDS[query.audience],
    query.status && `status ${query.status}`,
    query.from && `received from ${query.from}`,
    query.to && `received until ${query.to}`,
  ].filter(Boolean);
  const where = VIEW_WORDS[query.view ?? 'inbox'];
  const page = query.cursor ? ', next page' : '';
  return `Searched the leads in ${where}${filters.length ? ` (${filters.join(', ')})` : ''}${page}: ${shown} shown`;
};

/** A console lead id is the 22 base64url characters of its key; anything else names no lead. */
const LEAD_KEY = /^[A-Za-z0-9_-]{22}$/;

/** The lead of the route's `{id}`: a lead of a public form, else 404. */
const leadOf = async ({ parameters, stores }: ConsoleRequest): Promise<LeadItem> => {
  const key = parameters.id ?? '';
  const lead = LEAD_KEY.test(key) ? await getLead(stores.leads, leadId(key)) : undefined;
  if (!lead || !(LEAD_FORMS as readonly string[]).includes(lead.type))
    throw new HttpError(404, LEAD_MESSAGES.noSuchLead);
  return lead;
};

/** Every change but a note is made on the version of the lead its owner saw (shared/console-leads.ts). */
const requireVersion = (lead: LeadItem, version: number) => {
  if ((lead.consoleVersion ?? 0) !== version) throw new HttpError(409, LEAD_MESSAGES.changedMeanwhile);
};

const changed = (message: string, lead: LeadItem) =>
  jsonResponse(200, { message, lead: leadDetail(lead) } satisfies LeadChanged);

/**
 * A change made on `version` of the lead; 409 when someone changed it since (the write is
 * conditional on the version, so a change between this read and the write loses too).
 */
const changeAt = async (request: ConsoleRequest, lead: LeadItem, version: number, change: FollowUpChange) => {
  requireVersion(lead, version);
  const written = await changeFollowUp(request.stores.leads, lead.id, version, change);
  if (!written) {
    if (!(await getLead(request.stores.leads, lead.id))) throw new HttpError(404, LEAD_MESSAGES.noSuchLead);
    throw new HttpError(409, LEAD_MESSAGES.changedMeanwhile);
  }
  return written;
};

/** The console's leads screens (shared/console-leads.ts). The export route comes before `{id}`. */
export const LEAD_CONSOLE_ROUTES: ConsoleRoute<ConsoleRequest>[] = [
  {
    routeKey: LEAD_ROUTES.list,
    handle: async (request) => {
      const query = await bodyOf(request.event, (schemas) => schemas.leadListQuerySchema);
      const found = await readLeads(request.stores.leads, query, {
        now: request.now,
        pageSize: PAGE_SIZE,
        maxReads: MAX_READS_PER_PAGE,
        summary: true,
      });
      // A search finds people by what is typed, anywhere in the leads: each page of it is logged.
      if (query.q) await request.audit({ action: 'lead.search', summary: searchSummary(query, found.leads.length) });
      const page: Page<LeadSummary> = { items: found.leads.map(leadSummary), ...(found.next && { next: found.next }) };
      return jsonResponse(200, page);
    },
  },
  {
    routeKey: LEAD_ROUTES.export,
    handle: async (request) =>
      leadsCsvPart(request, await bodyOf(request.event, (schemas) => schemas.leadListQuerySchema)),
  },
  {
    routeKey: LEAD_ROUTES.get,
    handle: async (request) => {
      const lead = await leadOf(request);
      await request.audit({ action: 'lead.view', target: request.parameters.id, summary: 'Viewed the lead' });
      return jsonResponse(200, leadDetail(lead));
    },
  },
  {
    routeKey: LEAD_ROUTES.status,
    handle: async (request) => {
      const { to, version } = await bodyOf(request.event, (schemas) => schemas.statusChangeSchema);
      const lead = await leadOf(request);
      const from = lead.followUpStatus ?? 'new';
      const next = to as FollowUpStatus;
      requireVersion(lead, version);
      if (!NEXT_STATUSES[from].includes(next)) throw new HttpError(409, LEAD_MESSAGES.notAllowed(from, next));
      const written = await changeAt(request, lead, version, {
        status: { at: request.now, by: request.signedIn.owner, from, to: next },
      });
      await request.audit({
        action: 'lead.status',
        target: request.parameters.id,
        summary: `Moved from ${FOLLOW_UP_STATUS_NAMES[from]} to ${FOLLOW_UP_STATUS_NAMES[next]}`,
      });
      return changed(LEAD_MESSAGES.moved(from, next), written);
    },
  },
  {
    routeKey: LEAD_ROUTES.notes,
    handle: async (request) => {
      const text = withoutControls((await bodyOf(request.event, (schemas) => schemas.newNoteSchema)).text).trim();
      if (!text) throw new HttpError(400, LEAD_MESSAGES.emptyNote);
      const lead = await leadOf(request);
      const written = await appendNote(request.stores.leads, lead.id, {
        at: request.now,
        by: request.signedIn.owner,
        text,
      });
      if (!written) {
        if (!(await getLead(request.stores.leads, lead.id))) throw new HttpError(404, LEAD_MESSAGES.noSuchLead);
        throw new HttpError(409, LEAD_MESSAGES.notesFull);
      }
      await request.audit({ action: 'lead.note', target: request.parameters.id, summary: 'Added a note' });
      return changed(LEAD_MESSAGES.noteAdded, written);
    },
  },
  {
    routeKey: LEAD_ROUTES.followUp,
    handle: async (request) => {
      const { on, version } = await bodyOf(request.event, (schemas) => schemas.followUpDateSchema);
      const lead = await leadOf(request);
      const written = await changeAt(request, lead, version, { followUpOn: on ?? null });
      await request.audit({
        action: 'lead.follow-up',
        target: request.parameters.id,
        summary: on ? `Follow-up date ${on}` : 'Follow-up date cleared',
      });
      return changed(LEAD_MESSAGES.followUpSet(on ?? null), written);
    },
  },
  {
    routeKey: LEAD_ROUTES.spam,
    handle: async (request) => {
      const { spam, version } = await bodyOf(request.event, (schemas) => schemas.spamMarkSchema);
      const lead = await leadOf(request);
      const written = await changeAt(request, lead, version, { spam });
      await request.audit({
        action: 'lead.spam',
        target: request.parameters.id,
        summary: spam ? 'Marked as spam' : 'Marked as not spam',
      });
      return changed(LEAD_MESSAGES.spamMarked(spam), written);
    },
  },
  {
    routeKey: LEAD_ROUTES.resend,
    handle: async (request) => {
      const part = (await bodyOf(request.event, (schemas) => schemas.resendSchema)).part as MailPart;
      const lead = await leadOf(request);
      const message = await resendLeadPart(request.stores.leads, lead, part, {
        now: request.now,
        giveUpAfterSeconds: deliveryPolicyFromEnv().giveUpAfterSeconds,
      });
      await request.audit({
        action: 'lead.resend',
        target: request.parameters.id,
        summary: `Sent the ${part} email again (it was ${lead.mail[part]})`,
      });
      return changed(message, (await getLead(request.stores.leads, lead.id)) ?? lead);
    },
  },
];
