/** What the console's campaign routes say, in the owners' words. */
import { countOf } from '#shared/count-words.ts';

export const CAMPAIGN_MESSAGES = {
  noSuchCampaign: 'There is no such campaign in the console.',
  noSuchFile: 'There is no campaign file of that name in this version of the site.',
  slugTaken: (slug: string) => `There is already a campaign called "${slug}": choose another short name.`,
  changedMeanwhile:
    'Someone changed this campaign since you opened it, so your change was not saved. Copy what you wrote, reload, and apply it again.',
  alreadySent: (slug: string) =>
    `Campaign "${slug}" has been sent, so it can no longer be changed or deleted. Write a new campaign instead.`,
  created: (slug: string) => `Campaign "${slug}" saved as a draft.`,
  imported: (slug: string) => `Campaign "${slug}" imported from the site's campaign files as a draft.`,
  saved: (slug: string) => `Campaign "${slug}" saved.`,
  deleted: (slug: string) => `Draft "${slug}" deleted.`,
  badFile: (slug: string, problem: string) => `The campaign file "${slug}" cannot be imported: ${problem}.`,
  testSent: (to: string) =>
    `A test copy is on its way to ${to}. Its subject starts with [Test]; its links are a sample subscriber's, not yours.`,
  tooManyTests: (perHour: number) =>
    `You have sent ${perHour} test copies in the last hour, the most allowed. Please wait a while and try again.`,
  /** Shown until the page is left, so it stays true once every email has gone. */
  sendingNow: (slug: string, recipients: number) =>
    `The send of campaign "${slug}" to ${countOf(recipients, 'person', 'people')} has started. Its progress is below.`,
  scheduled: (slug: string, recipients: number, when: string) =>
    `Campaign "${slug}" will be sent ${when}, to the ${countOf(recipients, 'person', 'people')} who can receive it then. You can cancel it until then.`,
  couldNotStart:
    'The send could not be started just now, so nothing was sent or scheduled. Please try again in a minute.',
  checksFailed: (problems: string[]) =>
    `Nothing was sent or scheduled: ${problems.length === 1 ? 'a check that stops a send found a problem' : 'checks that stop a send found problems'}. ${problems.join(' ')} Fix ${problems.length === 1 ? 'it' : 'them'}, then send again.`,
  badTime: 'Choose a time from now to a year ahead.',
  notSent: 'This campaign has not been sent or scheduled.',
  cancelled: (slug: string) => `The send of "${slug}" is cancelled; nothing was sent. The draft can be changed again.`,
  tooLateToCancel: 'This send has already started, so it cannot be cancelled; you can pause it instead.',
  notSending: 'Only a send in progress can be paused.',
  notPaused: 'This send is not paused.',
  neverSent: (slug: string) =>
    `Campaign "${slug}" has not been sent, so it has no newsletter page yet. Tick "Publish on the site's newsletter page after sending" in its draft instead.`,
  published: (slug: string, page: string, started: boolean) =>
    started
      ? `Campaign "${slug}" is going on the site's newsletter page at ${page}; it shows there within a few minutes.`
      : `Campaign "${slug}" will be on the site's newsletter page at ${page} once its send starts.`,
  unpublished: (slug: string) =>
    `Campaign "${slug}" is being taken off the site's newsletter page; it is gone within a few minutes.`,
  pageNotUpdated:
    'Your choice is saved, but the site could not be asked to update its newsletter page just now. The page will follow your choice the next time a campaign is sent or this choice is changed; you can also ask again in a minute.',
} as const;
