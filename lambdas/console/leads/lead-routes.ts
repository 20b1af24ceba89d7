import {
  FOLLOW_UP_STATUS_NAMES,
  LEAD_FORMS,
  LEAD_KEY_PATTERN,
  LEAD_ROUTES,
  NEXT_STATUSES,
  type FollowUpStatus,
  type LeadChanged,
  type LeadSummary,
} from '#shared/console/leads.ts';
import type { Page } from '#shared/console/common.ts';
import type { LeadListQuery } from '#shared/console/leads-schemas.ts';
import { withoutControls } from '#shared/inert-text.ts';
import { changeFollowUp, appendNote, type FollowUpChange } from '../../data/lead-follow-up';
import { leadId, type LeadItem, type MailPart } from '../../data/lead-item';
import { getLead } from '../../data/leads';
import { resendLeadPart } from '../../domain/resend-lead-mail';
import { Refusal } from '../../domain/refusal';
import { jsonResponse } from '../../http/responses';
import { schemasOnFirstUse } from '../../http/schemas-on-first-use';
import { deliveryPolicyFromEnv } from '../../mail/delivery-policy';
import { dropHeldOfSpam, sentWhenSpam } from '../../mail/held-mail';
import { bodyRoute, type ConsoleRoute } from '../kit/router';
import type { ConsoleRequest } from '../kit/request';
import { leadsCsvPart } from './lead-export';
import { readLeads } from './lead-list';
import { LEAD_MESSAGES } from './lead-messages';
import { leadDetail, leadSummary } from './lead-view';
import { viewWords } from './lead-view-words';
import { SPAM_RUN_ROUTES } from './spam-run-routes';

/** A page of the list, and how many DynamoDB reads one request may spend filling it. */
const PAGE_SIZE = 50;
const MAX_READS_PER_PAGE = 10;

/** This screen's schemas, read with yup at its first request with a body to check (schemas-on-first-use.ts). */
const { bodySchema } = schemasOnFirstUse(() => import('#shared/console/leads-schemas.ts'));

/**
 * A search of the leads in the audit log's plain words: where, which filters, how many were
 * shown; never the words searched (./lead-view-words.ts).
 */
const searchSummary = (query: LeadListQuery, shown: number) =>
  `Searched the leads in ${viewWords(query)}${query.cursor ? ', next page' : ''}: ${shown} shown`;

/** The lead of the route's `{id}`: a lead of a public form, else 404. */
const leadOf = async ({ parameters, stores }: ConsoleRequest): Promise<LeadItem> => {
  const key = parameters.id ?? '';
  const lead = LEAD_KEY_PATTERN.test(key) ? await getLead(stores.leads, leadId(key)) : undefined;
  if (!lead || !(LEAD_FORMS as readonly string[]).includes(lead.type))
    throw new Refusal('not-found', LEAD_MESSAGES.noSuchLead);
  return lead;
};

/** Every change but a note is made on the version of the lead its owner saw (shared/console/leads.ts). */
const requireVersion = (lead: LeadItem, version: number) => {
  if ((lead.consoleVersion ?? 0) !== version) throw new Refusal('conflict', LEAD_MESSAGES.changedMeanwhile);
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
    if (!(await getLead(request.stores.leads, lead.id))) throw new Refusal('not-found', LEAD_MESSAGES.noSuchLead);
    throw new Refusal('conflict', LEAD_MESSAGES.changedMeanwhile);
  }
  return written;
};

/** The console's leads screens (shared/console/leads.ts). The spam runs' and the export's routes come before `{id}`. */
export const LEAD_CONSOLE_ROUTES: ConsoleRoute<ConsoleRequest>[] = [
  ...SPAM_RUN_ROUTES,
  bodyRoute({
    route: LEAD_ROUTES.list,
    body: bodySchema((schemas) => schemas.leadListQuerySchema),
    handle: async (request, query) => {
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
  }),
  bodyRoute({
    route: LEAD_ROUTES.export,
    body: bodySchema((schemas) => schemas.leadListQuerySchema),
    handle: async (request, body) => leadsCsvPart(request, body),
  }),
  {
    route: LEAD_ROUTES.get,
    handle: async (request) => {
      const lead = await leadOf(request);
      await request.audit({ action: 'lead.view', target: request.parameters.id, summary: 'Viewed the lead' });
      return jsonResponse(200, leadDetail(lead));
    },
  },
  bodyRoute({
    route: LEAD_ROUTES.status,
    body: bodySchema((schemas) => schemas.statusChangeSchema),
    handle: async (request, { to, version }) => {
      const lead = await leadOf(request);
      const from = lead.followUpStatus ?? 'new';
      const next = to as FollowUpStatus;
      requireVersion(lead, version);
      if (!NEXT_STATUSES[from].includes(next)) throw new Refusal('conflict', LEAD_MESSAGES.notAllowed(from, next));
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
  }),
  bodyRoute({
    route: LEAD_ROUTES.notes,
    body: bodySchema((schemas) => schemas.newNoteSchema),
    handle: async (request, body) => {
      const text = withoutControls(body.text).trim();
      if (!text) throw new Refusal('invalid', LEAD_MESSAGES.emptyNote);
      const lead = await leadOf(request);
      const written = await appendNote(request.stores.leads, lead.id, {
        at: request.now,
        by: request.signedIn.owner,
        text,
      });
      if (!written) {
        if (!(await getLead(request.stores.leads, lead.id))) throw new Refusal('not-found', LEAD_MESSAGES.noSuchLead);
        throw new Refusal('conflict', LEAD_MESSAGES.notesFull);
      }
      await request.audit({ action: 'lead.note', target: request.parameters.id, summary: 'Added a note' });
      return changed(LEAD_MESSAGES.noteAdded, written);
    },
  }),
  bodyRoute({
    route: LEAD_ROUTES.followUp,
    body: bodySchema((schemas) => schemas.followUpDateSchema),
    handle: async (request, { on, version }) => {
      const lead = await leadOf(request);
      const written = await changeAt(request, lead, version, { followUpOn: on ?? null });
      await request.audit({
        action: 'lead.follow-up',
        target: request.parameters.id,
        summary: on ? `Follow-up date ${on}` : 'Follow-up date cleared',
      });
      return changed(LEAD_MESSAGES.followUpSet(on ?? null), written);
    },
  }),
  bodyRoute({
    route: LEAD_ROUTES.spam,
    body: bodySchema((schemas) => schemas.spamMarkSchema),
    handle: async (request, { spam, version }) => {
      const lead = await leadOf(request);
      const written = await changeAt(request, lead, version, { spam });
      // Its emails waiting for the firm are never sent now (held-mail.ts): the answer shows them dropped.
      const dropped = spam ? await dropHeldOfSpam(request.stores.leads, written) : 0;
      await request.audit({
        action: 'lead.spam',
        target: request.parameters.id,
        summary: spam ? 'Marked as spam' : 'Marked as not spam',
      });
      const current = dropped > 0 ? ((await getLead(request.stores.leads, lead.id)) ?? written) : written;
      return changed(LEAD_MESSAGES.spamMarked(spam), current);
    },
  }),
  bodyRoute({
    route: LEAD_ROUTES.resend,
    body: bodySchema((schemas) => schemas.resendSchema),
    handle: async (request, body) => {
      const part = body.part as MailPart;
      const lead = await leadOf(request);
      if (lead.spam && !sentWhenSpam(part)) throw new Refusal('conflict', LEAD_MESSAGES.spamGetsNothing);
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
  }),
];
