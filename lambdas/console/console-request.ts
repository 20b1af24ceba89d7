import type { AuditEntry } from '#shared/console-api.ts';
import type { TableStore } from '../data/stores';
import type { ApiEvent } from '../http/types';
import type { SignedIn } from './console-guards';

/** The tables the console reads and changes. */
export interface ConsoleStores {
  console: TableStore;
  leads: TableStore;
  subscribers: TableStore;
  campaigns: TableStore;
}

/** What every signed-in console route gets: the request, who is signed in, the tables and the audit log. */
export interface ConsoleRequest {
  event: ApiEvent;
  /** The route's path parameters, decoded. */
  parameters: Record<string, string>;
  signedIn: SignedIn;
  now: number;
  stores: ConsoleStores;
  /** Appends to the audit log as the signed-in owner. */
  audit(entry: Omit<AuditEntry, 'id' | 'at' | 'actor'>): Promise<void>;
}
