import { Link } from 'react-router-dom';
import { BUSINESS } from '#shared/constants/business.ts';
import { sitePaths } from '#shared/paths.ts';
import { SITE_COPY } from '#web/content/site.ts';

const { footer } = SITE_COPY;

/** Legal links, the Accessibility item (text only, as in the spec) and the copyright line. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__about">
          <p className="site-footer__name">{BUSINESS.name}</p>
          <p>{footer.tagline}</p>
          <p>{footer.location}</p>
        </div>
        <nav aria-label={footer.legalNavLabel}>
          <ul className="site-footer__links">
            <li>
              <Link to={sitePaths.privacy}>{footer.privacy}</Link>
            </li>
            <li>
              <Link to={sitePaths.terms}>{footer.terms}</Link>
            </li>
            <li>
              <span>{footer.accessibility}</span>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copyright">{footer.copyright}</p>
      </div>
    </footer>
  );
}
