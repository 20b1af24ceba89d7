/**
 * How a screen opens a person's page without the address in the URL (an address in a path or
 * query lands in access logs an erasure cannot reach: docs/decisions/0072-erasure.md): the
 * address travels in the history entry's state, which the browser keeps for that tab (a reload
 * shows the same person) and never sends to a server.
 */
export const PEOPLE_PATH = '/people';

export interface PersonState {
  email: string;
}

/** The `to` and `state` of a link or navigate() to the person's page. */
export const personLink = (email: string) => ({ to: PEOPLE_PATH, state: { email } satisfies PersonState });

/** The address a history entry's state carries, if it is a person's page. */
export const personEmailOf = (state: unknown): string | undefined =>
  typeof state === 'object' && state !== null && typeof (state as PersonState).email === 'string'
    ? (state as PersonState).email
    : undefined;
