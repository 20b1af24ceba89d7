import { CandidatePage } from '../../features/candidate/CandidatePage';
import { SignupForm } from '../../features/signup/components/SignupForm';

/** /candidate: the landing copy with the candidate sign-up form ('candidate' thank-you). */
export default function CandidateRoute() {
  return <CandidatePage form={<SignupForm audience="candidate" thankYou="candidate" />} />;
}
