export { UnsubscribePage } from './components/UnsubscribePage';
export { SettingsPage } from './components/SettingsPage';
