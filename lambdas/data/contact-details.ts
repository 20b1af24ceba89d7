import type { Audience } from '../../shared/constants/audiences';

/** Who someone is, as the forms collect it: stored on subscribers and on each lead. */
export interface ContactDetails {
  audience: Audience;
  /** Normalised (trimmed, lower case) before it is stored or compared. */
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  organization: string;
  helpDescription: string;
}
