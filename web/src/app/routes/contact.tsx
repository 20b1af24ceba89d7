import { ContactPage } from '../../features/contact/ContactPage';
import { SignupForm } from '../../features/signup/components/SignupForm';

/** /contact: the contact copy with the employer sign-up form ('interest' thank-you). */
export default function ContactRoute() {
  return <ContactPage form={<SignupForm audience="employer" thankYou="interest" />} />;
}
