import { useEffect, useState } from 'react';
import { keptTypingKey } from '../../kit/kept-typing';

/**
 * The note being written on a lead, kept in the tab's sessionStorage as it is typed
 * (kit/kept-typing.ts): a reload, a crash of the tab's page or a sign-in after the session ended
 * gives it back; another owner signing in on this tab, or another lead, starts empty.
 * Cleared once the note is saved (set to ''). Storage that is full or turned off only loses
 * the keeping, never the typing.
 */
export function useNoteDraft(owner: string, leadId: string) {
  const key = keptTypingKey('note', owner, leadId);
  const [text, setText] = useState(() => read(key));

  useEffect(() => {
    try {
      if (text) sessionStorage.setItem(key, text);
      else sessionStorage.removeItem(key);
    } catch {
      // Storage refused (full, or turned off): the text is still in the page.
    }
  }, [key, text]);

  return [text, setText] as const;
}

const read = (key: string) => {
  try {
    return sessionStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
};
