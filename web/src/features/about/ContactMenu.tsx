import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router-dom';
import { sitePaths } from '#shared/paths.ts';
import { ABOUT_COPY } from '#web/content/pages/about.ts';

const copy = ABOUT_COPY.contactMenu;

/**
 * 'Contact us to Learn About Our Process' (docs/spec/site-spec.md#2-screens-and-routes): a
 * disclosure button with two links. 'I am a Candidate' is a full page load of /candidate, 'I am an
 * Employer' an in-app move to /contact, as the spec says. It closes on a choice, on Escape (focus
 * returns to the button) and on a click or tap outside; Arrow Down from the button moves into the
 * list.
 */
export function ContactMenu() {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const container = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const focusFirstItemOnOpen = useRef(false);

  // After Arrow Down opened the list, move into it once it is shown.
  useEffect(() => {
    if (!open || !focusFirstItemOnOpen.current) return;
    focusFirstItemOnOpen.current = false;
    container.current?.querySelector<HTMLAnchorElement>('a')?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const closeIfOutside = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeIfOutside);
    return () => document.removeEventListener('pointerdown', closeIfOutside);
  }, [open]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown' && event.target === button.current) {
      event.preventDefault();
      focusFirstItemOnOpen.current = true;
      setOpen(true);
    }
  };

  const close = () => setOpen(false);

  return (
    <div className="contact-menu" ref={container} onKeyDown={onKeyDown}>
      <button
        ref={button}
        type="button"
        className="button button--accent contact-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((wasOpen) => !wasOpen)}
      >
        {copy.button}
        <svg
          className="contact-menu__chevron"
          aria-hidden="true"
          focusable="false"
          viewBox="0 0 16 16"
          width="16"
          height="16"
        >
          <path d="M3.5 6l4.5 4.5L12.5 6" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
      </button>
      <ul id={listId} className="contact-menu__list" hidden={!open}>
        <li>
          {/* A plain anchor on purpose: the spec asks for a full page load here. */}
          <a href={sitePaths.candidate} className="contact-menu__item" onClick={close}>
            {copy.candidate}
          </a>
        </li>
        <li>
          <Link to={sitePaths.contact} className="contact-menu__item" onClick={close}>
            {copy.employer}
          </Link>
        </li>
      </ul>
    </div>
  );
}
