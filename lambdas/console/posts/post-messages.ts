/** What the console's post routes say, in the owners' words. */
import { postPagePath } from '#shared/blog-site.ts';

export const POST_MESSAGES = {
  noSuchPost: 'There is no such post in the console.',
  noSuchRevision: 'This post has no such revision.',
  slugTaken: (slug: string, by: string) => `${postPagePath(slug)} is ${by}: choose another address.`,
  /** What holds a slug, for slugTaken: the post's title, or an old address of it. */
  heldAsAddress: (title: string) => `the address of the post "${title}"`,
  heldAsRedirect: (title: string) => `an old address of the post "${title}", which leads to it`,
  changedMeanwhile:
    'Someone changed this post since you opened it, so your change was not saved. Copy what you wrote, reload, and apply it again.',
  created: (title: string) => `"${title}" saved as a draft.`,
  saved: (title: string) => `"${title}" saved.`,
  restored: (revision: number) => `Revision ${revision} restored as the latest; nothing was lost.`,
  deleted: (title: string) => `Draft "${title}" deleted.`,
  deletePublished:
    "This post has been on the site, so it cannot be deleted: its address stays the post's. Unpublish it instead.",
  deleteScheduled: 'This post is scheduled to be published. Cancel the schedule first.',
  publishing: (path: string) => `Publishing: the post will be at ${path} within a few seconds.`,
  scheduled: (when: string, path: string) =>
    `The post will be published ${when}, at ${path}. You can cancel it until then.`,
  alreadyScheduled: 'This post is already scheduled to be published. Cancel that schedule first.',
  notScheduled: 'This post is not scheduled to be published.',
  cancelled: 'The scheduled publish is cancelled; nothing was published.',
  unpublishing: (path: string) => `Taking the post down: ${path} will answer "page not found" within a few seconds.`,
  notPublished: 'This post is not on the site.',
  badTime: 'Choose a time from now to a year ahead.',
  couldNotSchedule: 'The publish could not be scheduled just now, so nothing changed. Please try again in a minute.',
  siteNotAsked:
    'Your change is saved, but the site could not be asked to update just now. It follows your change at its next update; you can also publish again in a minute.',
} as const;
