import { LEGAL_COPY } from '#web/content/pages/legal.ts';
import { BackToTop } from '../../components/BackToTop';

interface LegalPageProps {
  title: string;
  /** HTML compiled at build time from our own Markdown (web/build/legal-pages.ts). */
  html: string;
  sections: { id: string; title: string }[];
}

/** Privacy Policy and Terms of Use: a contents list, the text in a reading column, back to top. */
export function LegalPage({ title, html, sections }: LegalPageProps) {
  return (
    <div className="container page-section">
      <article className="prose legal">
        <h1>{title}</h1>
        <nav className="legal__contents" aria-label={LEGAL_COPY.contentsTitle}>
          <h2 className="legal__contents-title">{LEGAL_COPY.contentsTitle}</h2>
          <ul>
            {sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div dangerouslySetInnerHTML={{ __html: html }} />
      </article>
      <BackToTop />
    </div>
  );
}
