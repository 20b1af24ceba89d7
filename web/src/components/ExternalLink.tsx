import type { ReactNode } from 'react';
import { SITE_COPY } from '#web/content/site.ts';

interface ExternalLinkProps {
  href: string;
  className?: string;
  children: ReactNode;
  onClick?: () => void;
}

/**
 * A link that opens another site in a new tab. It says so to screen readers and shows a
 * small arrow icon, and `noopener` keeps the new page from reaching back into this one.
 */
export function ExternalLink({ href, className, children, onClick }: ExternalLinkProps) {
  return (
    <a href={href} className={className} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {children}
      <span className="visually-hidden"> {SITE_COPY.newTabHint}</span>
      <svg className="external-icon" aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="14" height="14">
        <path d="M9 2h5v5h-1.5V4.6L7.1 10 6 8.9l5.4-5.4H9V2zM3 4h4v1.5H4.5v6h6V9H12v4H3V4z" fill="currentColor" />
      </svg>
    </a>
  );
}
