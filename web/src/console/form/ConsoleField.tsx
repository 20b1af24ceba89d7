import { useId, type ReactNode } from 'react';
import { FieldError } from '#web/src/components/form/FieldError.tsx';

/** What a field's control receives: its id, class, value and the descriptions that name it. */
export interface ControlProps {
  id: string;
  className: string;
  value: string;
  onChange(event: { target: { value: string } }): void;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** Past how many characters a reader's software cuts a field, and who does ("inboxes"). */
export interface CountedLength {
  shows: number;
  /** Said when the text is longer: "inboxes will cut off the rest". */
  cutOff: string;
}

interface ConsoleFieldProps {
  label: string;
  note?: string;
  hint?: string;
  /** The count is shown against what is shown of it; longer is allowed, and says so. */
  counted?: CountedLength;
  value: string;
  error?: string;
  onChange(event: { target: { value: string } }): void;
  children(props: ControlProps): ReactNode;
}

/**
 * One field of a console form (a campaign's, a post's) in plain words: its label, an optional
 * note and hint, its control, a character count where inboxes, search results or social sites
 * cut text off, and the schema's words when it is refused, all tied to the control for screen readers.
 */
export function ConsoleField({ label, note, hint, counted, value, error, onChange, children }: ConsoleFieldProps) {
  const id = useId();
  const described = [hint && `${id}-hint`, counted && `${id}-count`, error && `${id}-error`].filter(Boolean).join(' ');
  const length = value.trim().length;
  const over = counted !== undefined && length > counted.shows;
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">
        {label}
        {note && <span className="form-label-note"> {note}</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      )}
      {children({
        id,
        className: 'form-control',
        value,
        onChange,
        ...(error && { 'aria-invalid': true }),
        ...(described && { 'aria-describedby': described }),
      })}
      {counted !== undefined && (
        <p id={`${id}-count`} className={`form-hint console-count${over ? ' console-count--over' : ''}`}>
          {`${length} of ${counted.shows} characters${over ? `: ${counted.cutOff}` : ''}`}
        </p>
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
    </div>
  );
}
