import { Link } from 'react-router-dom';
import { sitePaths } from '#shared/paths.ts';
import { HOME_COPY } from '#web/content/pages/home.ts';
import { PROCESS_STEPS } from '#web/content/pages/process.ts';
import { ExternalLink } from '../../components/ExternalLink';
import { ProcessSteps } from '../../components/ProcessSteps';
import { useSiteConfig } from '../../config';
import { AudienceCard } from './AudienceCard';

const { candidate, employer, process } = HOME_COPY;

/** The landing page: one sentence of purpose, then a clear path for each audience. */
export default function HomePage() {
  const { candidateAppUrl } = useSiteConfig();
  return (
    <>
      <section className="container page-intro">
        <p className="eyebrow">{HOME_COPY.eyebrow}</p>
        <h1>{HOME_COPY.title}</h1>
        <p className="lead">{HOME_COPY.intro}</p>
      </section>

      <section className="container audience-grid" aria-label={HOME_COPY.audiencesLabel}>
        <AudienceCard
          tone="candidate"
          priority
          label={candidate.label}
          headline={candidate.headline}
          body={candidate.body}
          image={candidate.image}
          action={
            <ExternalLink href={candidateAppUrl} className="button button--accent">
              {candidate.cta}
            </ExternalLink>
          }
        />
        <AudienceCard
          tone="employer"
          label={employer.label}
          headline={employer.headline}
          body={employer.body}
          image={employer.image}
          action={
            <Link to={sitePaths.employer} className="button button--primary">
              {employer.cta}
            </Link>
          }
        />
      </section>

      <section className="band band--tint">
        <div className="container">
          <h2>{process.title}</h2>
          <p className="lead">{process.intro}</p>
          <ProcessSteps steps={PROCESS_STEPS} />
          <p>
            <Link to={sitePaths.about} className="text-link">
              {process.more}
            </Link>
          </p>
        </div>
      </section>
    </>
  );
}
