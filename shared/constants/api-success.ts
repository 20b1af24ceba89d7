/** Success messages the API returns in `success` (shown in success style by the pages). */
export const unsubscribed = 'You have been unsubscribed.';
export const preferencesSaved = 'Your email preferences have been updated.';
/** A save that would mail someone who may not be mailed now: nothing is sent until they confirm. */
export const resubscribeConfirmationSent =
  'Thank you. To receive these emails again, please confirm with the link we have emailed you.';
export const scorecardRequested = 'Thank you. The Human Relations Scorecard is on its way to your inbox.';
/** The same answer whether or not the address is already subscribed: the form reveals nothing. */
export const signedUp =
  'Thank you. We will be in touch within 24 hours. If you are not subscribed yet, please confirm with the link we have emailed you.';
export const subscriptionConfirmed = 'Thank you. Your subscription is confirmed.';
