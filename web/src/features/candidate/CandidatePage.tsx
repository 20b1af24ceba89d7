import type { ReactNode } from 'react';
import { CANDIDATE_COPY } from '#web/content/pages/candidate.ts';

/** The candidate landing page; the route supplies the sign-up form. */
export function CandidatePage({ form }: { form: ReactNode }) {
  return (
    <div className="container page-section split-layout">
      <div className="split-layout__text">
        <p className="eyebrow">{CANDIDATE_COPY.eyebrow}</p>
        <h1>{CANDIDATE_COPY.headline}</h1>
        {CANDIDATE_COPY.description.map((paragraph, index) => (
          <p key={paragraph} className={index === 0 ? 'lead' : undefined}>
            {paragraph}
          </p>
        ))}
        <h2 className="h3">{CANDIDATE_COPY.highlightsTitle}</h2>
        <ul className="check-list">
          {CANDIDATE_COPY.highlights.map((highlight) => (
            <li key={highlight}>{highlight}</li>
          ))}
        </ul>
        <figure className="testimonial">
          <blockquote>
            <p>{CANDIDATE_COPY.testimonial.quote}</p>
          </blockquote>
          <figcaption>{CANDIDATE_COPY.testimonial.attribution}</figcaption>
        </figure>
      </div>
      <section className="form-panel" aria-labelledby="candidate-form-title">
        <h2 id="candidate-form-title">{CANDIDATE_COPY.form.title}</h2>
        <p>{CANDIDATE_COPY.form.intro}</p>
        {form}
      </section>
    </div>
  );
}
