import { useLayoutEffect, useRef, useState } from 'react';

interface ConfirmButtonProps {
  /** The button's words, e.g. "Send again". */
  label: string;
  /** The question asked before doing it, in plain words. */
  question: string;
  /** The confirming button's words, e.g. "Yes, send it again". */
  confirm: string;
  disabled?: boolean;
  /** Whether to ask this time (by default always); when not, pressing the button does it. */
  needsAsking?(): boolean;
  onConfirm(): void;
}

/**
 * A button for what cannot be undone: pressing it asks first, in the page (no browser dialog),
 * with the confirming button focused; "Cancel" goes back to the button.
 */
export function ConfirmButton({ label, question, confirm, disabled, needsAsking, onConfirm }: ConfirmButtonProps) {
  const [asking, setAsking] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);

  // Before the browser paints: the pressed button is gone from the page, and focus must not fall
  // to the page's body in between (a keyboard or screen reader user would lose their place).
  useLayoutEffect(() => {
    if (asking) confirmRef.current?.focus();
    else if (asked.current) buttonRef.current?.focus();
    asked.current = asking;
  }, [asking]);

  if (!asking)
    return (
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary"
        disabled={disabled}
        onClick={() => (needsAsking && !needsAsking() ? onConfirm() : setAsking(true))}
      >
        {label}
      </button>
    );
  return (
    <div className="console-confirm" role="group" aria-label={question}>
      <p className="console-confirm__question">{question}</p>
      <button
        ref={confirmRef}
        type="button"
        className="button button--primary"
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {confirm}
      </button>
      <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
        Cancel
      </button>
    </div>
  );
}
