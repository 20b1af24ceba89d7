import { useCallback, useEffect, useState } from 'react';
import type { CampaignFields } from '#shared/schemas/console-campaigns.ts';
import { keptTypingKey } from '../../kept-typing';

/** The fields as typed (a select not chosen yet is ''); the schema decides what may be sent. */
export type TypedFields = Record<Exclude<keyof CampaignFields, 'publish'>, string> & {
  slug?: string;
  publish?: boolean;
};

/** What the owner typed and the version of the campaign it was typed on (none for a new one). */
export interface TypedCampaign {
  fields: TypedFields;
  version?: number;
}

/**
 * The campaign being written, kept in the tab's sessionStorage from the first keystroke until it
 * is saved or set aside: a reload, a crash of the tab's page or a sign-in after the session ended
 * gives it back, with the version it was typed on (so saving it over someone else's later save is
 * refused, 409). Keyed by the owner and the campaign (`new` for one not yet stored), so another
 * owner on this tab starts from what is stored. Storage full or turned off loses only the keeping.
 */
export function useCampaignDraft(owner: string, slug: string) {
  const key = keptTypingKey('campaign', owner, slug);
  const [kept, setKept] = useState<TypedCampaign | undefined>(() => read(key));

  useEffect(() => {
    try {
      if (kept) sessionStorage.setItem(key, JSON.stringify(kept));
      else sessionStorage.removeItem(key);
    } catch {
      // Storage refused (full, or turned off): what was typed is still in the page.
    }
  }, [key, kept]);

  /** Forgets the kept copy: saved, deleted, or replaced by the stored campaign on purpose. */
  const forget = useCallback(() => setKept(undefined), []);
  return { kept, keep: setKept, forget };
}

const read = (key: string): TypedCampaign | undefined => {
  try {
    const text = sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as TypedCampaign) : undefined;
  } catch {
    return undefined;
  }
};
