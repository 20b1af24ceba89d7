import { PAGE_META } from '#web/content/pages/meta.ts';
import { html, sections } from '#web/.generated/pages/terms.ts';
import { LegalPage } from './LegalPage';

/** /terms-of-use, compiled from web/content/pages/terms.md at build time. */
export default function TermsPage() {
  return <LegalPage title={PAGE_META.terms.title} html={html} sections={sections} />;
}
