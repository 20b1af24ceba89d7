import type { TableStore } from '../../data/stores';
import type { ApiEvent } from '../../http/types';
import type { NewAuditEntry } from './audit-log';
import type { SignedIn } from './guards';

/** The tables the console reads and changes. */
export interface ConsoleStores {
  console: TableStore;
  leads: TableStore;
  subscribers: TableStore;
  campaigns: TableStore;
  /** The site's visit counting: the Site screen reads its sums (docs/decisions/0081-privacy-first-analytics.md). */
  analytics: TableStore;
}

/** The tables the campaigns screen reads and changes (the consoleCampaigns function has no others). */
export type CampaignStores = Pick<ConsoleStores, 'console' | 'subscribers' | 'campaigns'>;

/**
 * What every signed-in console route gets: the request, who is signed in, its function's tables
 * and the audit log.
 */
export interface ConsoleRequest<Stores extends Pick<ConsoleStores, 'console'> = ConsoleStores> {
  event: ApiEvent;
  /** The route's path parameters, decoded. */
  parameters: Record<string, string>;
  signedIn: SignedIn;
  now: number;
  stores: Stores;
  /** Appends to the audit log as the signed-in owner. */
  audit(entry: Omit<NewAuditEntry, 'actor'>): Promise<void>;
}
