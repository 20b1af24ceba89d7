import { useId, type ReactNode } from 'react';
import { useField } from 'formik';
import { Checkbox } from './Checkbox';
import { FieldError } from './FieldError';

interface CheckboxFieldProps {
  name: string;
  children: ReactNode;
  /**
   * Where the form shows this box's error instead of under it (the sign-up form puts its
   * privacy message above the Submit button, docs/spec/site-spec.md#5-validation-rules). The id
   * links the message to the box.
   */
  externalError?: { id: string; shown: boolean };
}

/** A boolean Formik field as a checkbox, e.g. the consent box (value true/false). */
export function CheckboxField({ name, children, externalError }: CheckboxFieldProps) {
  const errorId = `${useId()}-error`;
  const [field, meta] = useField<boolean>({ name, type: 'checkbox' });
  const inlineError = !externalError && meta.touched ? meta.error : undefined;
  const shownErrorId = externalError ? externalError.shown && externalError.id : inlineError && errorId;

  return (
    <div className="form-field">
      <Checkbox
        name={field.name}
        checked={Boolean(field.checked)}
        onChange={field.onChange}
        onBlur={field.onBlur}
        invalid={Boolean(shownErrorId)}
        describedBy={shownErrorId || undefined}
      >
        {children}
      </Checkbox>
      {inlineError && <FieldError id={errorId} message={inlineError} />}
    </div>
  );
}
