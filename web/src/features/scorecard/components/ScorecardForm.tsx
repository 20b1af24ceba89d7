import { useRef } from 'react';
import { FormikProvider, useFormik } from 'formik';
import { CONSENT_TEXT, MODALS } from '../../../../../shared/constants';
import { sitePaths } from '../../../../../shared/paths';
import { scorecardFormSchema, type ScorecardFormValues } from '../../../../../shared/schemas';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { ConsentText } from '../../../components/form/ConsentText';
import { EmailField, NameFields, OptionalProfileFields } from '../../../components/form/ContactFields';
import { HoneypotField } from '../../../components/form/HoneypotField';
import { SubmissionResult } from '../../../components/form/SubmissionResult';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { nowInUnixSeconds } from '../../../components/form/unix-seconds';
import { useFocusFirstInvalid } from '../../../components/form/use-focus-first-invalid';
import { useSubmission } from '../../../components/form/use-submission';
import { requestScorecard, toScorecardRequest } from '../api';

const INITIAL_VALUES: ScorecardFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  jobTitle: '',
  organization: '',
  helpDescription: '',
  signupMe: false,
  website: '',
};

const POLICY_LINKS = { 'Terms of Use': sitePaths.terms, 'Privacy Policy': sitePaths.privacy };

/**
 * The Human Relations Scorecard request on /employer/form (spec §3, §5). On success the
 * thank-you modal opens and the form clears; on failure the server's message shows in red
 * and the values stay so the visitor can simply try again.
 */
export function ScorecardForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const submission = useSubmission();

  const formik = useFormik<ScorecardFormValues>({
    initialValues: INITIAL_VALUES,
    validationSchema: scorecardFormSchema,
    onSubmit: async (values, { resetForm }) => {
      const result = await submission.submit(() =>
        requestScorecard(toScorecardRequest(values, nowInUnixSeconds())),
      );
      if (result === 'succeeded') resetForm();
    },
  });
  useFocusFirstInvalid(formRef, formik);

  return (
    <FormikProvider value={formik}>
      <form
        ref={formRef}
        className="form"
        noValidate
        aria-label="Request the Human Relations Scorecard"
        onSubmit={(event) => {
          submission.clearOutcome();
          formik.handleSubmit(event);
        }}
      >
        <NameFields />
        <EmailField />
        <OptionalProfileFields />
        <CheckboxField name="signupMe">
          <ConsentText text={CONSENT_TEXT.scorecard} links={POLICY_LINKS} />
        </CheckboxField>
        <HoneypotField />
        <SubmitButton ref={submitRef} label="Submit" pending={submission.pending} />
        <SubmissionResult submission={submission} modal={MODALS.scorecard} returnFocusRef={submitRef} />
      </form>
    </FormikProvider>
  );
}
