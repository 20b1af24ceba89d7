export { ScorecardForm } from './components/ScorecardForm';
