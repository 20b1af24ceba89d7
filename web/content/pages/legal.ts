/** Labels around the legal texts (the texts themselves are privacy.md and terms.md). */
export const LEGAL_COPY = {
  contentsTitle: 'On this page',
} as const;
