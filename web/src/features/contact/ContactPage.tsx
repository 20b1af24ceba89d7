import type { ReactNode } from 'react';
import { BUSINESS } from '#shared/constants/business.ts';
import { CONTACT_COPY } from '#web/content/pages/contact.ts';
import { ExternalLink } from '../../components/ExternalLink';
import { useSiteConfig } from '../../config';

/** /contact: how to reach the firm; the route supplies the sign-up form. */
export function ContactPage({ form }: { form: ReactNode }) {
  const { bookCallUrl } = useSiteConfig();
  return (
    <div className="container page-section split-layout">
      <div className="split-layout__text">
        <h1>{CONTACT_COPY.title}</h1>
        <p className="lead">{CONTACT_COPY.intro}</p>
        <p className="callout">{CONTACT_COPY.responseTime}</p>
        <h2 className="h3">{CONTACT_COPY.call.title}</h2>
        <p>{CONTACT_COPY.call.body}</p>
        <p>
          <ExternalLink href={bookCallUrl} className="button button--secondary">
            {CONTACT_COPY.call.link}
          </ExternalLink>
        </p>
        <p>
          {CONTACT_COPY.emailLabel}:{' '}
          <a href={`mailto:${BUSINESS.contactEmail}`} className="text-link">
            {BUSINESS.contactEmail}
          </a>
        </p>
      </div>
      <section className="form-panel" aria-label={CONTACT_COPY.title}>
        {form}
      </section>
    </div>
  );
}
