import { PAGE_META } from '../../../content/pages/meta';
import { html, sections } from '../../../.generated/pages/privacy';
import { LegalPage } from './LegalPage';

/** /privacy, compiled from web/content/pages/privacy.md at build time. */
export default function PrivacyPage() {
  return <LegalPage title={PAGE_META.privacy.title} html={html} sections={sections} />;
}
