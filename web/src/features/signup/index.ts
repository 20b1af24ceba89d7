export { SignupForm, type SignupThankYou } from './components/SignupForm';
