import {
  ERASURE_NOT_CONFIRMED,
  NO_SUBSCRIPTION,
  PEOPLE_ROUTES,
  type EvidencePack,
  type UnsubscribeAnswer,
} from '#shared/console/people.ts';
import { countOf } from '#shared/count-words.ts';
import { canonicalMailbox } from '../../domain/canonical-mailbox';
import { mailboxHash } from '../../domain/mailbox-hash';
import { unsubscribeOnRequest } from '../../domain/subscriber-consent';
import { Refusal } from '../../domain/refusal';
import { jsonResponse } from '../../http/responses';
import { schemasOnFirstUse } from '../../http/schemas-on-first-use';
import { senderIdentification } from '../../mail/sender-identification';
import { utcDay } from '../../runtime/clock';
import { bodyRoute, type ConsoleRoute } from '../kit/router';
import type { ConsoleRequest } from '../kit/request';
import { erasePerson } from './erasure';
import { relyingParty } from '../sign-in/relying-party';
import { personRecord, subscriptionsOf } from './person-record';

/** This screen's schemas, read with yup at its first request with a body to check (schemas-on-first-use.ts). */
const { bodySchema } = schemasOnFirstUse(() => import('#shared/console/people-schemas.ts'));

/**
 * The People screen (shared/console/people.ts). The audit log names a person by the hash of
 * their mailbox, never the address: the log is append-only and kept two years, and an erased
 * address must not stay in it (docs/decisions/0072-erasure.md).
 */
export const PERSON_ROUTES: ConsoleRoute<ConsoleRequest>[] = [
  bodyRoute({
    route: PEOPLE_ROUTES.record,
    body: bodySchema((schemas) => schemas.personRequestSchema),
    handle: async (request, { email }) => {
      const record = await personRecord(request.stores, email, request.now);
      await request.audit({ action: 'person.view', target: record.personRef, summary: "Viewed a person's record" });
      return jsonResponse(200, record);
    },
  }),
  bodyRoute({
    route: PEOPLE_ROUTES.evidence,
    body: bodySchema((schemas) => schemas.evidenceRequestSchema),
    handle: async (request, { email, use }) => {
      const record = await personRecord(request.stores, email, request.now);
      const pack: EvidencePack = {
        ...record,
        generatedAt: request.now,
        generatedBy: request.signedIn.owner,
        sender: { ...senderIdentification(), website: relyingParty().origin },
      };
      // The file is a copy that leaves the console; the printable page is read there (and maybe printed).
      if (use === 'print') {
        await request.audit({
          action: 'person.print',
          target: record.personRef,
          summary: "Opened a person's consent evidence as a page to print",
        });
        return jsonResponse(200, pack);
      }
      await request.audit({
        action: 'person.export',
        target: record.personRef,
        summary: "Downloaded a person's consent evidence as a file (JSON)",
      });
      const day = utcDay(request.now);
      return jsonResponse(200, pack, {
        'content-disposition': `attachment; filename="consent-evidence-${day}.json"`,
      });
    },
  }),
  bodyRoute({
    route: PEOPLE_ROUTES.unsubscribe,
    body: bodySchema((schemas) => schemas.unsubscribeRequestSchema),
    handle: async (request, { email, reason }) => {
      const subscribers = await subscriptionsOf(request.stores, canonicalMailbox(email));
      if (subscribers.length === 0) throw new Refusal('not-found', NO_SUBSCRIPTION);
      let withdrawn = 0;
      for (const subscriber of subscribers) {
        const owner = request.signedIn.owner;
        if (await unsubscribeOnRequest(request.stores, subscriber, { owner, reason }, request.now)) withdrawn += 1;
      }
      // A repeat adds nothing: no ledger record, and nothing for the log.
      if (withdrawn > 0)
        await request.audit({
          action: 'person.unsubscribe',
          target: mailboxHash(email),
          summary: `Unsubscribed a person from every email at their request (${countOf(withdrawn, 'subscription')})`,
        });
      const answer: UnsubscribeAnswer = {
        message:
          withdrawn > 0
            ? 'Unsubscribed from every email. The withdrawal is in their consent record with your name and reason.'
            : 'This person was already unsubscribed from every email, so nothing changed.',
        withdrawn,
      };
      return jsonResponse(200, answer);
    },
  }),
  bodyRoute({
    route: PEOPLE_ROUTES.erasure,
    body: bodySchema((schemas) => schemas.erasureRequestSchema),
    handle: async (request, { email, confirmEmail }) => {
      if (canonicalMailbox(confirmEmail) !== canonicalMailbox(email))
        throw new Refusal('invalid', ERASURE_NOT_CONFIRMED);
      const answer = await erasePerson(request.stores, email, request.now);
      const { leads, subscriptions, campaignEmails } = answer.erased;
      await request.audit({
        action: 'person.erase',
        target: answer.personRef,
        summary: `Erased a person on request: ${countOf(leads, 'lead')}, ${countOf(subscriptions, 'subscription')}, ${countOf(campaignEmails, 'campaign email record')}`,
      });
      return jsonResponse(200, answer);
    },
  }),
];
