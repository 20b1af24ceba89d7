import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from './use-focus-trap';

export interface ModalText {
  title: string;
  subtitle: string;
}

interface ModalProps extends ModalText {
  open: boolean;
  onClose: () => void;
  /** See useFocusTrap: where focus returns when the opener may have lost it. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * A centred dialog (thank-you and confirmation messages of
 * docs/spec/site-spec.md#2-screens-and-routes). It fades in over
 * --fade-modal while its backdrop fades over --fade-backdrop; both are CSS transitions on
 * classes (the CSP forbids inline styles) and drop to 0 ms under prefers-reduced-motion.
 * Closed, it renders nothing, so the prerendered HTML and the first client render agree.
 */
export function Modal({ open, onClose, title, subtitle, returnFocusRef }: ModalProps) {
  const titleId = useId();
  const subtitleId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(open);
  const [shown, setShown] = useState(false);

  // Mount as soon as it opens (state adjusted during render, as React recommends for
  // props-derived state); unmounting waits for the fade-out below.
  if (open && !mounted) setMounted(true);

  useEffect(() => {
    if (!mounted) return;
    if (open) {
      // Let the browser compute the hidden starting styles first, or nothing would fade.
      rootRef.current?.getBoundingClientRect();
      setShown(true);
      return;
    }
    setShown(false);
    const timer = setTimeout(() => setMounted(false), longestTransitionMs(rootRef.current));
    return () => clearTimeout(timer);
  }, [open, mounted]);

  useEffect(() => {
    if (!mounted || !open) return;
    document.body.classList.add('modal-open');
    return () => document.body.classList.remove('modal-open');
  }, [open, mounted]);

  useFocusTrap(dialogRef, { active: open && mounted, onEscape: onClose, returnFocusRef });

  if (!mounted) return null;

  return createPortal(
    <div ref={rootRef} className={shown ? 'modal-root is-shown' : 'modal-root'}>
      <div className="modal-backdrop" aria-hidden="true" />
      <div
        ref={dialogRef}
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={subtitleId}
        tabIndex={-1}
      >
        <button type="button" className="modal-close" aria-label="Close" onClick={onClose}>
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="24" height="24">
            <path
              d="M6.4 5 5 6.4 10.6 12 5 17.6 6.4 19l5.6-5.6 5.6 5.6 1.4-1.4-5.6-5.6L19 6.4 17.6 5 12 10.6z"
              fill="currentColor"
            />
          </svg>
        </button>
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <p id={subtitleId} className="modal-subtitle">
          {subtitle}
        </p>
      </div>
    </div>,
    document.body,
  );
}

/** The longest transition (duration + delay) among the root and its children, in ms. */
function longestTransitionMs(root: HTMLElement | null): number {
  if (!root) return 0;
  const elements = [root, ...Array.from(root.children)];
  return Math.max(
    0,
    ...elements.map((element) => {
      const style = getComputedStyle(element);
      const durations = parseSeconds(style.transitionDuration);
      const delays = parseSeconds(style.transitionDelay);
      return Math.max(0, ...durations.map((duration, i) => duration + (delays[i] ?? delays[0] ?? 0)));
    }),
  );
}

/** "0.3s, 150ms" -> [300, 150]; empty in environments without CSS (tests). */
function parseSeconds(value: string): number[] {
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => (part.endsWith('ms') ? parseFloat(part) : parseFloat(part) * 1000))
    .filter((ms) => Number.isFinite(ms));
}
