import { useId } from 'react';
import { FormikProvider } from 'formik';
import { CONSENT_TEXT } from '#shared/constants/consent.ts';
import { MODALS } from '#shared/constants/messages.ts';
import { type Audience } from '#shared/constants/audiences.ts';
import { sitePaths } from '#shared/paths.ts';
import { signupFormSchema } from '#shared/schemas/signup.ts';
import { CheckboxField } from '#web/src/components/form/CheckboxField.tsx';
import { ConsentText } from '#web/src/components/form/ConsentText.tsx';
import { EmailField, NameFields, OptionalProfileFields } from '#web/src/components/form/ContactFields.tsx';
import { FormMessage } from '#web/src/components/form/FormMessage.tsx';
import { HoneypotField } from '#web/src/components/form/HoneypotField.tsx';
import { SubmissionResult } from '#web/src/components/form/SubmissionResult.tsx';
import { SubmitButton } from '#web/src/components/form/SubmitButton.tsx';
import { EMPTY_LEAD_FORM, useLeadForm } from '#web/src/components/form/use-lead-form.ts';
import { requestSignup, toSignupRequest } from '../api';

/** Which thank-you modal of docs/spec/site-spec.md#2-screens-and-routes the page uses. */
export type SignupThankYou = 'interest' | 'candidate';

interface SignupFormProps {
  audience: Audience;
  thankYou: SignupThankYou;
}

const POLICY_LINKS = { 'Privacy Policy': sitePaths.privacy };

/**
 * The contact / sign-up form of /candidate and /contact (docs/spec/site-spec.md, sections 3 to 5). Without consent it
 * shows 'Please Select A Privacy Policy' above Submit and sends nothing; that message is
 * recomputed at every attempt (and as soon as the box is ticked). On success the server's
 * text shows in green with the thank-you modal and the form clears; on failure the text
 * shows in red and the values stay for a retry.
 */
export function SignupForm({ audience, thankYou }: SignupFormProps) {
  const privacyMessageId = useId();
  const { formik, formRef, submitRef, submission, onSubmit } = useLeadForm(
    signupFormSchema,
    EMPTY_LEAD_FORM,
    (values) => requestSignup(toSignupRequest(values, audience)),
  );

  // Shown only after an attempt (submitCount resets with the form), not while filling in.
  const privacyMessage = formik.submitCount > 0 ? formik.errors.signupMe : undefined;

  return (
    <FormikProvider value={formik}>
      <form ref={formRef} className="form" noValidate aria-label="Contact us" onSubmit={onSubmit}>
        <EmailField />
        <NameFields />
        <OptionalProfileFields />
        <CheckboxField name="signupMe" externalError={{ id: privacyMessageId, shown: Boolean(privacyMessage) }}>
          <ConsentText text={CONSENT_TEXT.signup} links={POLICY_LINKS} />
        </CheckboxField>
        <HoneypotField />
        {privacyMessage && <FormMessage id={privacyMessageId} kind="error" text={privacyMessage} />}
        <SubmitButton ref={submitRef} label="Submit" pending={submission.pending} />
        <SubmissionResult submission={submission} modal={MODALS[thankYou]} returnFocusRef={submitRef} />
      </form>
    </FormikProvider>
  );
}
