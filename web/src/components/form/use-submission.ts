import { useCallback, useRef, useState } from 'react';
import { errorText } from '../../lib/api-client';

export interface Outcome {
  kind: 'success' | 'error';
  text: string;
}

/** 'ignored' means a submit was already in flight, so nothing was sent this time. */
export type SubmitResult = 'succeeded' | 'failed' | 'ignored';

/**
 * The lifecycle every form of the site shares once its own checks have passed: one request
 * at a time (a ref, so a second Enter before the re-render cannot send twice), the server's
 * success or error text, and the confirmation modal that opens on success only.
 */
export function useSubmission() {
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [confirmationOpen, setConfirmationOpen] = useState(false);

  const submit = useCallback(async (send: () => Promise<string>): Promise<SubmitResult> => {
    if (inFlight.current) return 'ignored';
    inFlight.current = true;
    setPending(true);
    setOutcome(null);
    try {
      const text = await send();
      setOutcome({ kind: 'success', text });
      setConfirmationOpen(true);
      return 'succeeded';
    } catch (error) {
      setOutcome({ kind: 'error', text: errorText(error) });
      return 'failed';
    } finally {
      inFlight.current = false;
      setPending(false);
    }
  }, []);

  /** Each new attempt starts without the previous attempt's message. */
  const clearOutcome = useCallback(() => setOutcome(null), []);
  const closeConfirmation = useCallback(() => setConfirmationOpen(false), []);

  return { pending, outcome, confirmationOpen, submit, clearOutcome, closeConfirmation };
}

export type Submission = ReturnType<typeof useSubmission>;
