import { Link } from 'react-router-dom';
import { sitePaths } from '#shared/paths.ts';
import { EMPLOYER_COPY } from '#web/content/pages/employer.ts';

const scorecardButton = (
  <Link to={sitePaths.scorecardForm} className="button button--accent">
    {EMPLOYER_COPY.cta}
  </Link>
);

/** The employer index: the case for clarity, how we help, and the way in (the Scorecard). */
export default function EmployerPage() {
  const { image } = EMPLOYER_COPY;
  return (
    <>
      <section className="container page-section hero">
        <div className="hero__text">
          <p className="eyebrow">{EMPLOYER_COPY.eyebrow}</p>
          <h1>{EMPLOYER_COPY.headline}</h1>
          {EMPLOYER_COPY.intro.map((paragraph, index) => (
            <p key={paragraph} className={index === 0 ? 'lead' : undefined}>
              {paragraph}
            </p>
          ))}
          <p>{scorecardButton}</p>
        </div>
        <div className="hero__art">
          {/* The page's largest image beside the headline (its LCP on wide screens): high, stated,
              so Chrome's in-viewport boost after layout never decides it per load (decision 0062). */}
          <img src={image.src} width={image.width} height={image.height} alt={image.alt} fetchPriority="high" />
        </div>
      </section>

      <section className="container page-section" aria-labelledby="employer-services">
        <h2 id="employer-services">{EMPLOYER_COPY.servicesTitle}</h2>
        <ul className="feature-grid">
          {EMPLOYER_COPY.services.map((service) => (
            <li key={service.title} className="feature-card">
              <h3>{service.title}</h3>
              <p>{service.body}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="band band--tint">
        <div className="container cta-band">
          <div>
            <h2>{EMPLOYER_COPY.scorecard.title}</h2>
            <p>{EMPLOYER_COPY.scorecard.body}</p>
          </div>
          <p>{scorecardButton}</p>
        </div>
      </section>
    </>
  );
}
