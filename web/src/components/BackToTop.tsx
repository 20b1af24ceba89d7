import { useEffect, useState } from 'react';

/**
 * docs/spec/site-spec.md#4-states-and-transitions, #9-business-constants-and-limits: the button
 * shows once the page has scrolled more than 50 px.
 */
export const BACK_TO_TOP_THRESHOLD_PX = 50;

const prefersReducedMotion = () =>
  typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * A floating "Back to top" button for long pages (privacy, terms, blog posts).
 * It starts hidden so the prerendered HTML and the first client render agree.
 */
export function BackToTop() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  const scrollToTop = () => {
    // Keyboard users continue from the top too. Moving focus off the button first also keeps
    // Chrome from cutting the smooth scroll short when the focused button hides at 50 px.
    document.getElementById('main')?.focus({ preventScroll: true });
    window.scrollTo({ top: 0, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  return (
    <button type="button" className="back-to-top" hidden={!visible} onClick={scrollToTop} aria-label="Back to top">
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
        <path d="M12 5l-7 7 1.4 1.4 4.6-4.6V19h2V8.8l4.6 4.6L19 12z" fill="currentColor" />
      </svg>
    </button>
  );
}
