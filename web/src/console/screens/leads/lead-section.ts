import type { LeadDetail } from '#shared/console/leads.ts';

/** What each section of a lead's page gets: the lead shown, and how to replace or reload it. */
export interface LeadSectionProps {
  lead: LeadDetail;
  /** The lead as a change answered it. */
  onLead(lead: LeadDetail): void;
  /** Reads the lead again (after a change lost to another one). */
  reload(): Promise<void>;
}
