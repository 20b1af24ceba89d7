/**
 * The sections of the site the publisher owns, in the order it computes them: made once for the
 * Lambda handler and the local twin, so both publish the same site.
 */
import { archiveSection } from '../campaigns/archive/archive-section';
import type { TableStore } from '../data/stores';
import type { SiteSection } from './publish-site';

export const siteSections = ({ campaigns, siteUrl }: { campaigns: TableStore; siteUrl: string }): SiteSection[] => [
  archiveSection(campaigns, siteUrl),
];
