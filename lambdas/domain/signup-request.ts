import { CONSENT_TEXT, type ConsentSource } from '../../shared/constants/consent';
import type { Audience } from '../../shared/constants/audiences';
import * as API_ERRORS from '../../shared/constants/api-errors';
import { RETENTION_SECONDS } from '../../shared/constants/limits';
import type { SignupRequest } from '../../shared/schemas/signup';
import { leadId, type SignupLead } from '../data/lead-item';
import { putLead } from '../data/leads';
import { countMailToAddress } from '../data/submission-markers';
import type { TableStore } from '../data/stores';
import { upsertSubscriber } from '../data/subscribers';
import { HttpError } from '../http/http-error';
import { randomToken } from '../runtime/tokens';
import { isHoneypotFilled, oncePerSubmission, type SubmissionOutcome } from './duplicate-guard';
import { submissionFingerprint } from './fingerprint';
import { leadDetails } from './lead-details';

export interface SignupStores {
  leads: TableStore;
  subscribers: TableStore;
}

/** Which form the consent came from: /candidate's sign-up or /contact's contact form. */
const CONSENT_SOURCE: Record<Audience, ConsentSource> = {
  candidate: 'candidate-signup-form',
  employer: 'contact-form',
};

/**
 * A contact/sign-up: records (or updates) the subscriber of that audience with the consent
 * given and writes the lead; the mailer sends the welcome and the notification from it.
 */
export const signUp = async (stores: SignupStores, request: SignupRequest, now: number): Promise<SubmissionOutcome> => {
  if (isHoneypotFilled(request, 'signup')) return 'honeypot';
  const audience = request.audience as Audience;
  const details = leadDetails(request, audience);
  const fingerprint = submissionFingerprint('signup', { ...request, email: details.email });

  return oncePerSubmission(stores.leads, fingerprint, now, async () => {
    // Each sign-up emails the typed address: without a limit the form would be a mail cannon.
    if (!(await countMailToAddress(stores.leads, 'signup', details.email, now))) {
      throw new HttpError(429, API_ERRORS.signupLimit);
    }
    const subscriberId = await upsertSubscriber(stores.subscribers, details, {
      type: 'granted',
      at: now,
      source: CONSENT_SOURCE[audience],
      text: CONSENT_TEXT.signup,
    });
    const lead: SignupLead = {
      ...details,
      id: leadId(randomToken()),
      kind: 'lead',
      type: 'signup',
      subscriberId,
      createdAt: now,
      expiresAt: now + RETENTION_SECONDS,
      mailStatus: 'pending',
      mail: { welcome: 'pending', notification: 'pending' },
    };
    await putLead(stores.leads, lead);
  });
};
