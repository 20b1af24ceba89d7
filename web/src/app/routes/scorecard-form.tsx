export { default } from '../../features/scorecard/ScorecardPage';
