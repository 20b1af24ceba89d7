import { useEffect, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * On every path change after the first render: scroll to the top
 * (docs/spec/site-spec.md#2-screens-and-routes) and move focus to <main>, so keyboard and
 * screen-reader users start reading the new page instead of staying on the link they followed. The
 * first render keeps the browser's own scroll position.
 */
export function useNavigationReset(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const previousPath = useRef(pathname);

  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    window.scrollTo(0, 0);
    main.current?.focus({ preventScroll: true });
  }, [pathname, main]);
}
