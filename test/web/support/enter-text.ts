import type userEvent from '@testing-library/user-event';

/**
 * Fills a field the way autofill or a paste does: one change, not one per key. For the fields a
 * test only needs filled; what typing does (a message while typing, a trimmed paste) is tested with
 * `user.type`. Typing every character re-validates the whole form per key, which took a form's
 * four-step journey past 5 s at a load average of 9.
 */
export async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
