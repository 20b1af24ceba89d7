/** The words of the subscriber pages (the options' labels live in shared/constants). */
export const SUBSCRIBER_COPY = {
  loading: 'Loading your subscription…',
  subscribedAs: 'Emails to',
  unsubscribe: {
    heading: 'Unsubscribe',
    intro: 'Tell us why you no longer want our emails. Your answer helps us send better ones.',
    legend: 'Why are you unsubscribing?',
    hint: 'Choose at least one reason.',
    settingsLinkBefore: 'Would you rather change which emails you receive instead? ',
    settingsLinkText: 'click here',
    settingsLinkAfter: ' to update your email preferences.',
    submit: 'Unsubscribe',
  },
  settings: {
    heading: 'Email preferences',
    intro: 'Choose the emails you want to receive from us.',
    preferencesLegend: 'Emails I want to receive',
    unsubscribeAllLegend: 'Or stop everything',
    hint: 'Choose at least one option.',
    submit: 'Save preferences',
  },
} as const;
