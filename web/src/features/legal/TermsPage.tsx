import { PAGE_META } from '../../../content/pages/meta';
import { html, sections } from '../../../.generated/pages/terms';
import { LegalPage } from './LegalPage';

/** /terms-of-use, compiled from web/content/pages/terms.md at build time. */
export default function TermsPage() {
  return <LegalPage title={PAGE_META.terms.title} html={html} sections={sections} />;
}
