/**
 * The firm's three-step process (docs/spec/site-spec.md#1-what-the-product-does-and-for-whom),
 * shown on the home and About pages.
 */
export interface ProcessStep {
  name: string;
  summary: string;
}

export const PROCESS_STEPS: ProcessStep[] = [
  { name: 'Clarify', summary: 'Confirm expected behaviours and outcomes for each role.' },
  { name: 'Explain', summary: 'Describe these expectations as observable actions.' },
  {
    name: 'Align',
    summary:
      'Match candidates to roles where they are likely to succeed given their interests, abilities and circumstances.',
  },
];
