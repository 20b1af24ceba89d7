import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '#web/src/lib/api-client.ts';

/** How long the owner pauses typing before what they typed is saved. */
export const AUTOSAVE_PAUSE_MS = 1500;

/** A save refused because someone else saved first (409 on the version): saving stops until the owner chooses. */
export class ChangedMeanwhile extends Error {}

export type SaveStatus =
  | { kind: 'saved' }
  | { kind: 'waiting' }
  | { kind: 'blocked'; problem: string }
  | { kind: 'saving' }
  | { kind: 'failed'; error: string }
  | { kind: 'conflict'; error: string };

interface AutosaveOptions {
  /** What is typed, as one string: a new one (typing, or a new version after a save) saves again after a pause. */
  changes: string;
  /** Whether what is typed differs from what is stored. */
  unsaved: boolean;
  /** Why it cannot be saved yet (the schema's words, a slug that is taken); it waits for the next change. */
  problem?: string;
  /** Whether a call can be made: while the session has ended it waits, and saves after the sign-in. */
  signedIn: boolean;
  /** Saves what is typed now; throws ChangedMeanwhile on a lost race, anything else as a failure. */
  save(): Promise<void>;
}

/**
 * Drafts that save as the owner types: once they pause, what they typed is saved (one save at a
 * time; typing during a save saves again after it). What is not saved yet stays kept in the tab
 * (kit/use-kept-draft.ts). A failure waits for the next change or "Save now"; a lost race (409) stops
 * saving until the owner loads the saved version, so nothing typed is ever overwritten unasked.
 */
export function useAutosave({ changes, unsaved, problem, signedIn, save }: AutosaveOptions) {
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved' });
  const [turn, setTurn] = useState(0);
  const latest = useRef(save);
  latest.current = save;
  const busy = useRef(false);
  const again = useRef(false);
  const conflict = status.kind === 'conflict';

  const saveNow = useCallback(async () => {
    if (busy.current) {
      again.current = true;
      return;
    }
    busy.current = true;
    setStatus({ kind: 'saving' });
    try {
      await latest.current();
      setStatus({ kind: 'saved' });
    } catch (error) {
      again.current = false;
      setStatus({ kind: error instanceof ChangedMeanwhile ? 'conflict' : 'failed', error: errorText(error) });
    } finally {
      busy.current = false;
      if (again.current) {
        again.current = false;
        setTurn((count) => count + 1);
      }
    }
  }, []);

  useEffect(() => {
    if (!unsaved || conflict || !signedIn) return;
    if (problem !== undefined) {
      setStatus({ kind: 'blocked', problem });
      return;
    }
    setStatus((current) => (current.kind === 'saving' ? current : { kind: 'waiting' }));
    const timer = setTimeout(() => void saveNow(), AUTOSAVE_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [changes, unsaved, problem, signedIn, conflict, turn, saveNow]);

  /** The owner set their typing aside for the stored version: saving may start again. */
  const settle = useCallback(() => setStatus({ kind: 'saved' }), []);
  return { status: unsaved || status.kind !== 'blocked' ? status : { kind: 'saved' as const }, saveNow, settle };
}
