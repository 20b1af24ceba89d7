export { ConfirmPage } from './components/ConfirmPage';
