import { useId } from 'react';
import { useField } from 'formik';
import { HONEYPOT_FIELD } from '#shared/schemas/fields.ts';

/**
 * The spam trap (docs/architecture.md#the-api-contract): a field people never see or reach (off-screen, hidden from
 * assistive technology, out of the tab order, no autofill) but bots fill in. The API
 * quietly drops submissions where it has a value.
 */
export function HoneypotField() {
  const id = useId();
  const [field] = useField<string>(HONEYPOT_FIELD);
  return (
    <div className="form-honeypot" aria-hidden="true">
      <label htmlFor={id}>Website</label>
      <input {...field} id={id} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
