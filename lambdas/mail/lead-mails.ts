import { BUSINESS } from '../../shared/constants/business';
import { DOWNLOAD_LINK_TTL_SECONDS } from '../../shared/constants/limits';
import { apiPaths } from '../../shared/paths';
import type { LeadItem, ScorecardLead, SignupLead } from '../data/lead-item';
import type { OutgoingMail } from './outgoing-mail';
import { renderMail } from './render';
import { listUnsubscribeHeaders, type SubscriberLinks } from './subscriber-links';

const footerFor = (links: SubscriberLinks) => [
  { label: 'Unsubscribe', url: links.unsubscribe },
  { label: 'Email preferences', url: links.settings },
];

/** The scorecard requester's email: the download link (valid DOWNLOAD_LINK_TTL_SECONDS). */
export const scorecardMail = (lead: ScorecardLead, siteUrl: string, links: SubscriberLinks): OutgoingMail => {
  const days = Math.round(DOWNLOAD_LINK_TTL_SECONDS / 86400);
  return {
    to: lead.email,
    subject: 'Your Human Relations Scorecard',
    headers: listUnsubscribeHeaders(links),
    ...renderMail({
      paragraphs: [
        `Hello ${lead.firstName},`,
        'Thank you for requesting the Human Relations Scorecard. Download it with the link below.',
        `The link works for ${days} days. If it has expired, request the scorecard again on our website.`,
        `${BUSINESS.name}, ${BUSINESS.city}, ${BUSINESS.province}`,
      ],
      links: [{ label: 'Download the Scorecard', url: `${siteUrl}${apiPaths.scorecardDownload(lead.downloadToken)}` }],
      footer: footerFor(links),
    }),
  };
};

/** The sign-up/contact welcome: confirms the message arrived and when to expect an answer. */
export const welcomeMail = (lead: SignupLead, links: SubscriberLinks): OutgoingMail => ({
  to: lead.email,
  subject: `Thank you for contacting ${BUSINESS.name}`,
  headers: listUnsubscribeHeaders(links),
  ...renderMail({
    paragraphs: [
      `Hello ${lead.firstName},`,
      `Thank you for your interest in ${BUSINESS.name}. We strive to answer all inquiries within 24 hours.`,
      `${BUSINESS.name}, ${BUSINESS.city}, ${BUSINESS.province}`,
    ],
    footer: footerFor(links),
  }),
});

/** The consultancy's own notice of a new lead; replying answers the person directly. */
export const notificationMail = (lead: LeadItem, notificationEmail: string): OutgoingMail => {
  const what = lead.type === 'scorecard' ? 'Scorecard request' : `${lead.audience === 'candidate' ? 'Candidate' : 'Employer'} sign-up`;
  const fields: [string, string][] = [
    ['Name', `${lead.firstName} ${lead.lastName}`],
    ['Email', lead.email],
    ['Job title', lead.jobTitle],
    ['Organization', lead.organization],
    ['Message', lead.helpDescription],
    ['Received', new Date(lead.createdAt * 1000).toISOString()],
  ];
  return {
    to: notificationEmail,
    replyTo: lead.email,
    subject: `New ${what.toLowerCase()}: ${lead.firstName} ${lead.lastName}`,
    ...renderMail({
      paragraphs: [`New ${what.toLowerCase()} from the website.`, fields.map(([label, value]) => `${label}: ${value || '-'}`).join('\n')],
    }),
  };
};
