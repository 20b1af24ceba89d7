/**
 * The "at least one box ticked" rule of the unsubscribe and settings forms
 * (docs/spec/site-spec.md#5-validation-rules), without yup: the pages check it before sending, the
 * server's schemas check it again, and the pages need not load a schema library for one line.
 */
export const hasAnyTrue = (...lists: (readonly (boolean | undefined)[] | undefined)[]) =>
  lists.some((list) => list?.some((checked) => checked === true) ?? false);
