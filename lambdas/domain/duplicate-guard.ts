import { claimSubmission, releaseSubmission } from '../data/submission-markers';
import type { TableStore } from '../data/stores';
import * as log from '../runtime/log';

export type SubmissionOutcome = 'accepted' | 'duplicate' | 'honeypot';

/**
 * Runs `work` once per fingerprint inside the duplicate window. If the work fails or is
 * refused (e.g. the daily limit), the marker is released so the visitor's retry is handled
 * as a new submission rather than swallowed as a duplicate.
 */
export const oncePerSubmission = async (
  leads: TableStore,
  fingerprint: string,
  now: number,
  work: () => Promise<void>,
): Promise<SubmissionOutcome> => {
  if (!(await claimSubmission(leads, fingerprint, now))) return 'duplicate';
  try {
    await work();
  } catch (error) {
    await releaseSubmission(leads, fingerprint, now).catch((releaseError: unknown) =>
      log.error('Could not release duplicate marker', { fingerprint, error: releaseError }),
    );
    throw error;
  }
  return 'accepted';
};

/** The hidden `website` field is filled only by bots: accept silently, store and send nothing. */
export const isHoneypotFilled = (values: { website?: string }, form: string): boolean => {
  if (!values.website) return false;
  log.warn('Honeypot field filled; submission dropped', { form });
  return true;
};
