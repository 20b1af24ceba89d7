import type { ContactDetails } from './contact-details';

/** The state of one email of a lead, and of the lead's mail as a whole (every part done: 'sent'). */
export type MailStatus = 'pending' | 'sent' | 'suppressed' | 'failed';

interface LeadBase extends ContactDetails {
  id: string;
  kind: 'lead';
  subscriberId: string;
  createdAt: number;
  expiresAt: number;
  /** Summary of the emails below: 'sent' once every part is done. */
  mailStatus: MailStatus;
  mailAttempts?: number;
  lastMailError?: string;
  sentAt?: number;
}

/** A scorecard request: the requester gets the download link, the consultancy a notification. */
export interface ScorecardLead extends LeadBase {
  type: 'scorecard';
  audience: 'employer';
  downloadToken: string;
  mail: { requester: MailStatus; notification: MailStatus };
}

/** A contact/sign-up message: the subscriber gets a welcome, the consultancy a notification. */
export interface SignupLead extends LeadBase {
  type: 'signup';
  mail: { welcome: MailStatus; notification: MailStatus };
}

export type LeadItem = ScorecardLead | SignupLead;
export type MailPart = 'requester' | 'welcome' | 'notification';

export const leadId = (token: string) => `lead#${token}`;
