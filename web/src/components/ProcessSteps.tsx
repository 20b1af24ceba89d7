import type { ProcessStep } from '#web/content/pages/process.ts';

/** Clarify / Explain / Align as a numbered list; the numbers are the list's own, not decoration. */
export function ProcessSteps({ steps, headingLevel = 3 }: { steps: ProcessStep[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <ol className="process-steps">
      {steps.map((step) => (
        <li key={step.name} className="process-steps__item">
          <Heading className="process-steps__name">{step.name}</Heading>
          <p>{step.summary}</p>
        </li>
      ))}
    </ol>
  );
}
