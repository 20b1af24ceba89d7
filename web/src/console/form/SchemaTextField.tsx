import { useState } from 'react';
import type { AnyObjectSchema } from 'yup';
import { errorText } from '#web/src/lib/api-client.ts';
import { ConsoleField } from './ConsoleField';

/**
 * One text field of a console form, checked by its yup schema (the API's own, as every form of
 * the site is), with the site's Formik fields' manners (web/src/components/form/TextField.tsx): its
 * error shows once the field was left or the form submitted, and follows the typing after that.
 * The console's forms have one field each, so they need no form library: Formik and the lodash it
 * brings were 15 KB of the console's gzipped script (decision 0065, amendment of 2026-11-28).
 */
export function useSchemaField(schema: AnyObjectSchema, name: string, initial = '') {
  const [value, setValue] = useState(initial);
  const [touched, setTouched] = useState(false);
  let problem: string | undefined;
  try {
    schema.validateSyncAt(name, { [name]: value });
  } catch (error) {
    problem = errorText(error);
  }
  return {
    value,
    error: touched ? problem : undefined,
    change: setValue,
    touch: () => setTouched(true),
    reset: () => {
      setValue(initial);
      setTouched(false);
    },
    /** On submit: the value as the schema casts it when it passes; else undefined, and the error shows. */
    submitted: (): string | undefined => {
      setTouched(true);
      return problem === undefined
        ? String((schema.cast({ [name]: value }) as Record<string, unknown>)[name])
        : undefined;
    },
  };
}

interface SchemaTextFieldProps {
  field: ReturnType<typeof useSchemaField>;
  label: string;
  maxLength: number;
  type?: 'text' | 'email';
  autoComplete?: string;
  /** A textarea of this many rows. */
  rows?: number;
}

/** A required text input (or textarea) bound to a useSchemaField, its error tied to it for screen readers. */
export function SchemaTextField({ field, label, maxLength, type = 'text', autoComplete, rows }: SchemaTextFieldProps) {
  return (
    <ConsoleField
      label={label}
      value={field.value}
      error={field.error}
      onChange={(event) => field.change(event.target.value)}
    >
      {(props) => {
        const control = { ...props, maxLength, autoComplete, onBlur: field.touch, 'aria-required': true };
        return rows ? <textarea {...control} rows={rows} /> : <input {...control} type={type} />;
      }}
    </ConsoleField>
  );
}
