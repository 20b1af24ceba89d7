import { FormikProvider } from 'formik';
import { CONSENT_TEXT, MODALS } from '../../../../../shared/constants';
import { sitePaths } from '../../../../../shared/paths';
import { scorecardFormSchema } from '../../../../../shared/schemas';
import { CheckboxField } from '../../../components/form/CheckboxField';
import { ConsentText } from '../../../components/form/ConsentText';
import { EmailField, NameFields, OptionalProfileFields } from '../../../components/form/ContactFields';
import { HoneypotField } from '../../../components/form/HoneypotField';
import { SubmissionResult } from '../../../components/form/SubmissionResult';
import { SubmitButton } from '../../../components/form/SubmitButton';
import { nowInUnixSeconds } from '../../../lib/unix-seconds';
import { EMPTY_LEAD_FORM, useLeadForm } from '../../../components/form/use-lead-form';
import { requestScorecard, toScorecardRequest } from '../api';

const POLICY_LINKS = { 'Terms of Use': sitePaths.terms, 'Privacy Policy': sitePaths.privacy };

/** Marketing email is its own choice, never bundled with the terms, and starts unticked. */
const EMPTY_SCORECARD_FORM = { ...EMPTY_LEAD_FORM, marketingConsent: false };

/**
 * The Human Relations Scorecard request on /employer/form
 * (docs/spec/site-spec.md#3-entities-and-their-fields, #5-validation-rules): the required terms
 * box, then the optional marketing box (when ticked, the API emails a confirmation link: double
 * opt-in). On success the thank-you modal opens and the form clears; on failure the server's
 * message shows in red and the values stay so the visitor can simply try again.
 */
export function ScorecardForm() {
  const { formik, formRef, submitRef, submission, onSubmit } = useLeadForm(
    scorecardFormSchema,
    EMPTY_SCORECARD_FORM,
    (values) => requestScorecard(toScorecardRequest(values, nowInUnixSeconds())),
  );

  return (
    <FormikProvider value={formik}>
      <form
        ref={formRef}
        className="form"
        noValidate
        aria-label="Request the Human Relations Scorecard"
        onSubmit={onSubmit}
      >
        <NameFields />
        <EmailField />
        <OptionalProfileFields />
        <CheckboxField name="signupMe">
          <ConsentText text={CONSENT_TEXT.scorecardTerms} links={POLICY_LINKS} />
        </CheckboxField>
        <CheckboxField name="marketingConsent">{CONSENT_TEXT.scorecardMarketing}</CheckboxField>
        <HoneypotField />
        <SubmitButton ref={submitRef} label="Submit" pending={submission.pending} />
        <SubmissionResult submission={submission} modal={MODALS.scorecard} returnFocusRef={submitRef} />
      </form>
    </FormikProvider>
  );
}
