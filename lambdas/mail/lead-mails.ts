import { oneLine, withoutControls } from '#shared/inert-text.ts';
import { BUSINESS } from '#shared/constants/business.ts';
import { CONFIRMATION_TTL_SECONDS } from '#shared/constants/consent.ts';
import { DOWNLOAD_LINK_TTL_SECONDS } from '#shared/constants/limits.ts';
import { consoleLeadPath } from '#shared/console/leads.ts';
import { leadKeyOf, type LeadItem, type ScorecardLead } from '../data/lead-item';
import { isoTime } from '../runtime/clock';
import type { OutgoingMail } from './outgoing-mail';
import { renderMail } from './render';
import { listUnsubscribeHeaders, type SubscriberLinks } from './subscriber-links';

/**
 * The emails of a lead. What goes to the typed address carries no text the visitor typed, not
 * even the first name: whoever fills in the form chooses the address, so a greeting with the
 * typed name would let a stranger put their words ("Jane. Your payroll account is suspended…")
 * in the firm's email to someone else. Nothing there needs the name; it reaches only the firm's
 * notification and the console, with the free text.
 */
const days = (seconds: number) => Math.round(seconds / 86400);
const SIGNATURE = `${BUSINESS.name}, ${BUSINESS.city}, ${BUSINESS.province}. ${BUSINESS.contactEmail}`;
/** The greeting of every email to the typed address: the visitor's words are not quoted (above). */
const GREETING = 'Hello,';

const footerFor = (links: SubscriberLinks) => [
  { label: 'Unsubscribe', url: links.unsubscribe },
  { label: 'Email preferences', url: links.settings },
];

/** The scorecard requester's email: the download link (valid DOWNLOAD_LINK_TTL_SECONDS). */
export const scorecardMail = (lead: ScorecardLead, downloadUrl: string, links: SubscriberLinks): OutgoingMail => ({
  to: lead.email,
  subject: 'Your Human Relations Scorecard',
  headers: listUnsubscribeHeaders(links),
  ...renderMail({
    paragraphs: [
      GREETING,
      'Thank you for requesting the Human Relations Scorecard. Download it with the link below.',
      `The link works for ${days(DOWNLOAD_LINK_TTL_SECONDS)} days. If it has expired, request the scorecard again on our website.`,
      SIGNATURE,
    ],
    links: [{ label: 'Download the Scorecard', url: downloadUrl }],
    footer: footerFor(links),
  }),
});

/** Double opt-in: nothing is sent to this address again unless its owner confirms. */
export const confirmationMail = (lead: LeadItem, confirmUrl: string): OutgoingMail => ({
  to: lead.email,
  subject: `Please confirm your subscription to ${BUSINESS.name}`,
  ...renderMail({
    paragraphs: [
      GREETING,
      `Please confirm that you would like to receive emails from ${BUSINESS.name}. Open the link below and press the button on the page.`,
      `The link works for ${days(CONFIRMATION_TTL_SECONDS)} days. If you did not ask for this, ignore this email: you will not be subscribed.`,
      SIGNATURE,
    ],
    links: [{ label: 'Confirm my subscription', url: confirmUrl }],
  }),
});

/** After the owner confirmed: what to expect, and the links to change or stop it. */
export const welcomeMail = (lead: LeadItem, links: SubscriberLinks): OutgoingMail => ({
  to: lead.email,
  subject: `Welcome to ${BUSINESS.name}`,
  headers: listUnsubscribeHeaders(links),
  ...renderMail({
    paragraphs: [
      GREETING,
      `Thank you for confirming your subscription to ${BUSINESS.name}. We strive to answer all inquiries within 24 hours.`,
      'You can choose which emails you receive, or unsubscribe, at any time with the links below.',
      SIGNATURE,
    ],
    footer: footerFor(links),
  }),
});

/**
 * What became of the visitor's own email when the form-mail budget was spent
 * (docs/decisions/0003-abuse-limits.md), so the firm knows why it has not arrived; undefined
 * when it went out as usual.
 */
const budgetNote = (lead: LeadItem): string | undefined => {
  const statuses = Object.values(lead.mail);
  if (statuses.includes('held'))
    return `held: too many form emails were owed to send it within a day. It goes out by itself when there is room, unless it came from a network that sent a flood; you can send it now with "npm run ops -- release-mail ${lead.id}" or drop it with "npm run ops -- drop-mail ${lead.id}".`;
  if (statuses.includes('waiting'))
    return `waiting: the limit of form email is reached for now; it goes out at ${isoTime(lead.mailWaitsUntil!)}.`;
  return undefined;
};

/**
 * The consultancy's own notice of a new lead; replying answers the person directly, and its link
 * opens the lead in the console (sign-in needed), where the firm follows it up.
 */
export const notificationMail = (lead: LeadItem, notificationEmail: string, siteUrl: string): OutgoingMail => {
  const what =
    lead.type === 'scorecard'
      ? 'Scorecard request'
      : `${lead.audience === 'candidate' ? 'Candidate' : 'Employer'} sign-up`;
  const name = oneLine(`${lead.firstName} ${lead.lastName}`);
  // Each field on its own line, its value kept to that line; the visitor's message after them,
  // every line of it quoted, so no line the visitor typed can pass for a field of ours.
  const fields: [string, string | undefined][] = [
    ['Name', name],
    ['Email', lead.email],
    ['Job title', lead.jobTitle],
    ['Organization', lead.organization],
    ['Marketing email', lead.consentRequest ? 'asked for (pending their confirmation)' : 'not asked for'],
    ['Received', isoTime(lead.createdAt)],
  ];
  const note = budgetNote(lead);
  if (note) fields.push(['Our email to them', note]);
  const message = withoutControls(lead.helpDescription ?? '').trim();
  const quoted = message
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return {
    to: notificationEmail,
    replyTo: lead.email,
    subject: `New ${what.toLowerCase()}: ${name}`,
    ...renderMail({
      paragraphs: [
        `New ${what.toLowerCase()} from the website.`,
        fields.map(([label, value]) => `${label}: ${oneLine(value ?? '') || '-'}`).join('\n'),
        message ? `Their message:\n${quoted}` : 'Their message: -',
      ],
      links: [{ label: 'Open the lead in the console', url: `${siteUrl}${consoleLeadPath(leadKeyOf(lead.id))}` }],
    }),
  };
};
