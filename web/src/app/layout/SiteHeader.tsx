import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { sitePaths } from '#shared/paths.ts';
import { SITE_COPY } from '#web/content/site.ts';
import { ExternalLink } from '../../components/ExternalLink';
import { useSiteConfig } from '../../config';
import { mainNav, type NavItem } from './site-nav';

/**
 * Intrinsic size of /images/logo.svg, so the header never shifts while it loads. Fetched at low
 * priority: Chrome raises an in-viewport image to High once layout has run, so the logo's
 * priority depended on whether layout came before its response, and with it whether Lighthouse
 * counted it before the first paint (two LCP figures 150 ms apart for one page; see
 * docs/decisions/0062-compile-hints.md). It paints after the text either way.
 */
const LOGO = { src: '/images/logo.svg', width: 218, height: 64 };
const MENU_ID = 'site-menu';

function NavEntry({ item, currentPath, onFollow }: { item: NavItem; currentPath: string; onFollow: () => void }) {
  const { target } = item;
  switch (target.kind) {
    case 'route':
      return (
        <NavLink to={target.to} end={target.end} className="site-menu__link" onClick={onFollow}>
          {item.label}
        </NavLink>
      );
    case 'external':
      return (
        <ExternalLink href={target.href} className="site-menu__link" onClick={onFollow}>
          {item.label}
        </ExternalLink>
      );
    case 'document':
      // A plain anchor on purpose: the spec wants a full page load here.
      return (
        <a
          href={target.href}
          className={currentPath === target.href ? 'site-menu__link active' : 'site-menu__link'}
          aria-current={currentPath === target.href ? 'page' : undefined}
        >
          {item.label}
        </a>
      );
  }
}

/**
 * Logo and main navigation. Below the lg breakpoint (992 px) the links collapse behind a
 * menu button; CSS animates the collapse (300 ms, docs/spec/site-spec.md#4-states-and-transitions)
 * and shows the links inline above it.
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const config = useSiteConfig();

  // Any navigation closes the menu, so the new page is not hidden behind it.
  useEffect(() => setOpen(false), [pathname]);

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      setOpen(false);
      toggleRef.current?.focus();
    }
  };

  return (
    <header className="site-header" onKeyDown={closeOnEscape}>
      <div className="container site-header__bar">
        <Link to={sitePaths.home} className="site-header__logo">
          <img src={LOGO.src} width={LOGO.width} height={LOGO.height} alt={SITE_COPY.logoAlt} fetchPriority="low" />
        </Link>
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen((wasOpen) => !wasOpen)}
        >
          <span className="menu-toggle__icon" aria-hidden="true" />
          {SITE_COPY.menuButton}
        </button>
        <nav id={MENU_ID} className={open ? 'site-menu is-open' : 'site-menu'} aria-label={SITE_COPY.mainNavLabel}>
          <ul className="site-menu__list">
            {mainNav(config).map((item) => (
              <li key={item.label}>
                <NavEntry item={item} currentPath={pathname} onFollow={() => setOpen(false)} />
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
