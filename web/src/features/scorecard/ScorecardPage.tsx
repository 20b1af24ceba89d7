import { SCORECARD_PAGE_COPY } from '#web/content/pages/employer.ts';
import { ScorecardForm } from './components/ScorecardForm';
import { ScorecardIntro } from './components/ScorecardIntro';

/** /employer/form: what the Scorecard is, and the form that emails its download link. */
export default function ScorecardPage() {
  return (
    <div className="container page-section split-layout">
      <ScorecardIntro />
      <section className="form-panel" aria-label={SCORECARD_PAGE_COPY.formLabel}>
        <ScorecardForm />
      </section>
    </div>
  );
}
