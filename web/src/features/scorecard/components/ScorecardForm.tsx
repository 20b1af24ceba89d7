import { FormikProvider } from 'formik';
import { CONSENT_TEXT } from '#shared/constants/consent.ts';
import { MODALS } from '#shared/constants/messages.ts';
import { sitePaths } from '#shared/paths.ts';
import { scorecardFormSchema } from '#shared/schemas/scorecard.ts';
import { CheckboxField } from '#web/src/components/form/CheckboxField.tsx';
import { ConsentText } from '#web/src/components/form/ConsentText.tsx';
import { EmailField, NameFields, OptionalProfileFields } from '#web/src/components/form/ContactFields.tsx';
import { HoneypotField } from '#web/src/components/form/HoneypotField.tsx';
import { SubmissionResult } from '#web/src/components/form/SubmissionResult.tsx';
import { SubmitButton } from '#web/src/components/form/SubmitButton.tsx';
import { nowInUnixSeconds } from '#web/src/lib/unix-seconds.ts';
import { EMPTY_LEAD_FORM, useLeadForm } from '#web/src/components/form/use-lead-form.ts';
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
