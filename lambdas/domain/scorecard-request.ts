import * as API_ERRORS from '../../shared/constants/api-errors';
import { CONSENT_TEXT } from '../../shared/constants/consent';
import { RETENTION_SECONDS } from '../../shared/constants/limits';
import type { ScorecardRequest } from '../../shared/schemas/scorecard';
import { putDownloadToken } from '../data/download-tokens';
import { leadId, type ScorecardLead } from '../data/lead-item';
import { putLead } from '../data/leads';
import type { TableStore } from '../data/stores';
import { countMailToAddress } from '../data/submission-markers';
import { upsertSubscriber } from '../data/subscribers';
import { HttpError } from '../http/http-error';
import { randomToken } from '../runtime/tokens';
import { isHoneypotFilled, oncePerSubmission, type SubmissionOutcome } from './duplicate-guard';
import { submissionFingerprint } from './fingerprint';
import { leadDetails } from './lead-details';

export interface ScorecardStores {
  leads: TableStore;
  subscribers: TableStore;
}

/**
 * A scorecard request: checks the address's daily limit, records the employer as a subscriber
 * with the consent given, issues a download token, and writes the lead (the mailer sends the
 * link from the lead's stream record).
 */
export const requestScorecard = async (
  stores: ScorecardStores,
  request: ScorecardRequest,
  now: number,
): Promise<SubmissionOutcome> => {
  if (isHoneypotFilled(request, 'scorecard')) return 'honeypot';
  const details = leadDetails(request, 'employer');
  const fingerprint = submissionFingerprint('scorecard', { ...request, email: details.email });

  return oncePerSubmission(stores.leads, fingerprint, now, async () => {
    if (!(await countMailToAddress(stores.leads, 'scorecard', details.email, now))) {
      throw new HttpError(429, API_ERRORS.scorecardLimit);
    }
    const subscriberId = await upsertSubscriber(stores.subscribers, details, {
      type: 'granted',
      at: now,
      source: 'scorecard-form',
      text: CONSENT_TEXT.scorecard,
    });
    const token = randomToken();
    await putDownloadToken(stores.leads, token, leadId(token), now);
    const lead: ScorecardLead = {
      ...details,
      audience: 'employer',
      id: leadId(token),
      kind: 'lead',
      type: 'scorecard',
      subscriberId,
      downloadToken: token,
      createdAt: now,
      expiresAt: now + RETENTION_SECONDS,
      mailStatus: 'pending',
      mail: { requester: 'pending', notification: 'pending' },
    };
    await putLead(stores.leads, lead);
  });
};
