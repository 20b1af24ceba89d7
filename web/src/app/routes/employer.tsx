export { EmployerPage as default } from '../../features/employer/EmployerPage';
