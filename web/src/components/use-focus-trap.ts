import { useEffect, useRef, type RefObject } from 'react';

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

interface FocusTrapOptions {
  active: boolean;
  /** Called on Escape while the trap is active. */
  onEscape?: () => void;
  /**
   * Where focus goes back when the trap ends. Without it, the element that had focus when
   * the trap started. Forms pass their submit button: it was disabled while the request
   * was pending, so browsers may have moved focus to <body> by the time the modal opens.
   */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * Keeps keyboard focus inside `containerRef` while `active` (WAI-ARIA modal dialog pattern):
 * focus moves to the container, Tab and Shift+Tab cycle through its controls, the rest of
 * the page is made `inert` (so screen readers and pointers cannot reach it either, which
 * aria-modal alone does not guarantee), and focus returns to the opener afterwards.
 * Listeners sit on the document so the trap also holds when focus fell to <body>.
 */
export function useFocusTrap(containerRef: RefObject<HTMLElement | null>, options: FocusTrapOptions) {
  const { active, onEscape, returnFocusRef } = options;
  // Read through a ref: a parent's new onEscape each render must not restart the trap
  // (that would bounce focus to the opener and back).
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    const container = containerRef.current;
    if (!active || !container) return;

    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const releaseBackground = makeBackgroundInert(container);
    container.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        onEscapeRef.current?.();
      } else if (event.key === 'Tab') {
        event.preventDefault();
        moveFocus(container, event.shiftKey ? -1 : 1);
      }
    };
    const keepFocusInside = (event: FocusEvent) => {
      if (event.target instanceof Node && !container.contains(event.target)) container.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', keepFocusInside);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', keepFocusInside);
      // The background must be interactive again before it can take focus back.
      releaseBackground();
      // Read at close on purpose: the element to return to may be set while the trap is open.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      (returnFocusRef?.current ?? opener)?.focus();
    };
  }, [active, containerRef, returnFocusRef]);
}

function moveFocus(container: HTMLElement, step: 1 | -1) {
  const tabbables = Array.from(container.querySelectorAll<HTMLElement>(TABBABLE));
  if (tabbables.length === 0) {
    container.focus();
    return;
  }
  const current = tabbables.indexOf(document.activeElement as HTMLElement);
  // From the container itself (or anywhere outside), Tab enters at the first control and
  // Shift+Tab at the last; otherwise step and wrap around.
  const next =
    current === -1 ? (step === 1 ? 0 : tabbables.length - 1) : (current + step + tabbables.length) % tabbables.length;
  tabbables[next].focus();
}

/** Marks every sibling of the container's top-level ancestor inert; returns the undo. */
function makeBackgroundInert(container: HTMLElement): () => void {
  let root: HTMLElement = container;
  while (root.parentElement && root.parentElement !== document.body) root = root.parentElement;
  const madeInert = Array.from(document.body.children).filter(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && element !== root && !element.hasAttribute('inert'),
  );
  madeInert.forEach((element) => element.setAttribute('inert', ''));
  return () => madeInert.forEach((element) => element.removeAttribute('inert'));
}
