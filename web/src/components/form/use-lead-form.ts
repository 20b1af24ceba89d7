import { useRef, type FormEvent } from 'react';
import { useFormik } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { EMPTY_CONTACT, type ContactFields } from '#shared/schemas/contact.ts';
import { useFocusFirstInvalid } from './use-focus-first-invalid';
import { useSubmission } from './use-submission';

/** Both lead forms (scorecard, contact/sign-up) collect at least these fields and start empty. */
export type LeadFormValues = ContactFields & { signupMe: boolean; website: string };

export const EMPTY_LEAD_FORM: LeadFormValues = { ...EMPTY_CONTACT, signupMe: false, website: '' };

/**
 * The wiring the two lead forms share: Formik validates with the shared schema, `send` posts
 * the values, the form clears only after a success (values stay for a retry after a failure),
 * and a submit that fails validation moves focus to the first invalid field.
 */
export function useLeadForm<Values extends LeadFormValues>(
  schema: AnyObjectSchema,
  initialValues: Values,
  send: (values: Values) => Promise<string>,
) {
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const submission = useSubmission();
  const formik = useFormik<Values>({
    initialValues,
    validationSchema: schema,
    onSubmit: async (values, { resetForm }) => {
      if ((await submission.submit(() => send(values))) === 'succeeded') resetForm();
    },
  });
  useFocusFirstInvalid(formRef, formik);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    submission.clearOutcome();
    formik.handleSubmit(event);
  };
  return { formik, formRef, submitRef, submission, onSubmit };
}
