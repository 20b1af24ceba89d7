import { useId } from 'react';
import { useField } from 'formik';
import { FieldError } from './FieldError';

interface TextFieldProps {
  name: string;
  label: string;
  maxLength: number;
  type?: 'text' | 'email';
  autoComplete?: string;
  /** Marks the label "(optional)"; required fields carry aria-required instead. */
  optional?: boolean;
  /** Renders a textarea with this many rows. */
  rows?: number;
}

/**
 * A labelled text input (or textarea) bound to the enclosing Formik form. Its error shows
 * under it once the field was touched (blur) or the form was submitted, and is tied to the
 * control with aria-describedby / aria-invalid so screen readers read it on focus.
 */
export function TextField({ name, label, maxLength, type = 'text', autoComplete, optional, rows }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [field, meta] = useField<string>(name);
  const error = meta.touched ? meta.error : undefined;
  const controlProps = {
    ...field,
    id,
    maxLength,
    className: 'form-control',
    'aria-required': optional ? undefined : true,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };

  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">
        {label}
        {optional && <span className="form-label-note"> (optional)</span>}
      </label>
      {rows ? (
        <textarea {...controlProps} rows={rows} autoComplete={autoComplete} />
      ) : (
        <input {...controlProps} type={type} autoComplete={autoComplete} />
      )}
      {error && <FieldError id={errorId} message={error} />}
    </div>
  );
}
