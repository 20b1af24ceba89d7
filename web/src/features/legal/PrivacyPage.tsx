import { PAGE_META } from '#web/content/pages/meta.ts';
import { html, sections } from '#web/.generated/pages/privacy.ts';
import { LegalPage } from './LegalPage';

/** /privacy, compiled from web/content/pages/privacy.md at build time. */
export default function PrivacyPage() {
  return <LegalPage title={PAGE_META.privacy.title} html={html} sections={sections} />;
}
