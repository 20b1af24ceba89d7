import { useRef, type ReactNode } from 'react';
import { SITE_COPY } from '#web/content/site.ts';
import type { RouteHandle } from '../route-handle';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';
import { useDocumentMeta } from './use-document-meta';
import { useNavigationReset } from './use-navigation-reset';

/**
 * The frame of every page: skip link, header, the page itself, and the footer
 * (docs/spec/site-spec.md#2-screens-and-routes).
 */
export function Layout({ handle, children }: { handle: RouteHandle | undefined; children: ReactNode }) {
  const main = useRef<HTMLElement>(null);
  useDocumentMeta(handle?.meta);
  useNavigationReset(main);

  return (
    <>
      <a className="skip-link" href="#main">
        {SITE_COPY.skipLink}
      </a>
      <SiteHeader />
      {/* tabIndex -1: focus moves here after in-app navigation (see useNavigationReset). */}
      <main id="main" ref={main} tabIndex={-1}>
        {children}
      </main>
      {handle?.hideFooter ? null : <SiteFooter />}
    </>
  );
}
