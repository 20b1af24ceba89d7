import { useCallback, useEffect, useState } from 'react';
import { keptTypingKey, type KeptKind } from './kept-typing';

/**
 * What an owner is writing (a campaign, a post), kept in the tab's sessionStorage from the first
 * keystroke until it is saved or set aside: a reload, a crash of the tab's page or a sign-in after
 * the session ended gives it back, with the version it was typed on (so saving it over someone
 * else's later save is refused, 409). Keyed by the owner and the item (`new` for one not yet
 * stored), so another owner on this tab starts from what is stored. Storage full or turned off
 * loses only the keeping.
 */
export function useKeptDraft<T>(kind: KeptKind, owner: string, id: string) {
  const key = keptTypingKey(kind, owner, id);
  const [kept, setKept] = useState<T | undefined>(() => read<T>(key));

  useEffect(() => {
    try {
      if (kept) sessionStorage.setItem(key, JSON.stringify(kept));
      else sessionStorage.removeItem(key);
    } catch {
      // Storage refused (full, or turned off): what was typed is still in the page.
    }
  }, [key, kept]);

  /**
   * Forgets the kept copy: saved, deleted, or replaced by the stored item on purpose. The tab's
   * copy goes at once, not in the effect above: a save may move to the item's page, and an editor
   * that leaves in the same render as the save never runs its effect again (the walk of issue 33:
   * "New campaign" then opened filled with the saved one, and "Sign out" asked about it).
   */
  const forget = useCallback(() => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Storage turned off: nothing was kept.
    }
    setKept(undefined);
  }, [key]);
  return { kept, keep: setKept, forget };
}

const read = <T>(key: string): T | undefined => {
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : undefined;
  } catch {
    return undefined;
  }
};
