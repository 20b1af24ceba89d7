/**
 * What an owner typed and has not saved yet (a lead's note, a campaign, a post), kept in the tab's
 * sessionStorage so a reload or a sign-in after the session ended gives it back (screens/leads/use-note-draft.ts,
 * ./use-kept-draft.ts). Keyed by kind, owner and item: another owner on the tab starts empty.
 */
const KINDS = ['note', 'campaign', 'post'] as const;
export type KeptKind = (typeof KINDS)[number];

/** Said after the API's words when a save lost to another owner's (409): nothing typed was dropped. */
export const KEPT_NOTICE = 'What you typed is still below.';

export const keptTypingKey = (kind: KeptKind, owner: string, id: string) => `console.${kind}-draft.${owner}.${id}`;

/** The tab's keys of this owner's kept typing; none when storage is turned off. */
const keysOf = (owner: string): string[] => {
  try {
    const prefixes = KINDS.map((kind) => keptTypingKey(kind, owner, ''));
    return Object.keys(sessionStorage).filter((key) => prefixes.some((prefix) => key.startsWith(prefix)));
  } catch {
    return [];
  }
};

export const hasKeptTyping = (owner: string) => keysOf(owner).length > 0;

/**
 * A deliberate sign-out takes the owner's unsaved typing off the tab (it may hold what a
 * candidate told the firm, and the next person at the computer should not find it); the screen
 * asks first when there is some. A session that ends on its own keeps it, to be given back.
 */
export const forgetKeptTyping = (owner: string) => {
  for (const key of keysOf(owner)) sessionStorage.removeItem(key);
};
