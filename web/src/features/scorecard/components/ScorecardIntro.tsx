import { SCORECARD_PAGE_COPY } from '#web/content/pages/employer.ts';

/** What the Human Relations Scorecard is, beside its request form on /employer/form. */
export function ScorecardIntro() {
  return (
    <div className="split-layout__text">
      <p className="eyebrow">{SCORECARD_PAGE_COPY.eyebrow}</p>
      <h1>{SCORECARD_PAGE_COPY.title}</h1>
      <p className="lead">{SCORECARD_PAGE_COPY.intro}</p>
      <h2 className="h3">{SCORECARD_PAGE_COPY.pointsTitle}</h2>
      <ul className="check-list">
        {SCORECARD_PAGE_COPY.points.map((point) => (
          <li key={point}>{point}</li>
        ))}
      </ul>
    </div>
  );
}
