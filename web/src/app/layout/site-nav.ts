import { sitePaths } from '#shared/paths.ts';
import { SITE_COPY } from '#web/content/site.ts';
import type { SiteConfig } from '../../config';

/**
 * How each header link navigates (docs/spec/site-spec.md#2-screens-and-routes): most in-app, Candidate to the external
 * application in a new tab, Contact as a full page load of /contact.
 */
export type NavTarget =
  | { kind: 'route'; to: string; end?: boolean }
  | { kind: 'external'; href: string }
  | { kind: 'document'; href: string };

export interface NavItem {
  label: string;
  target: NavTarget;
}

/** The header's links; the candidate application's address is a setting of the build. */
export const mainNav = ({ candidateAppUrl }: SiteConfig): NavItem[] => [
  { label: SITE_COPY.nav.home, target: { kind: 'route', to: sitePaths.home, end: true } },
  { label: SITE_COPY.nav.about, target: { kind: 'route', to: sitePaths.about } },
  { label: SITE_COPY.nav.candidate, target: { kind: 'external', href: candidateAppUrl } },
  { label: SITE_COPY.nav.employer, target: { kind: 'route', to: sitePaths.employer } },
  { label: SITE_COPY.nav.blog, target: { kind: 'route', to: sitePaths.blog } },
  { label: SITE_COPY.nav.contact, target: { kind: 'document', href: sitePaths.contact } },
];
