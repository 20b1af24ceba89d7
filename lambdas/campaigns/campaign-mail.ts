import { BUSINESS } from '#shared/constants/business.ts';
import { CAMPAIGN_HEADER, CAMPAIGN_TOPICS } from '#shared/constants/campaigns.ts';
import { EMAIL_SETTINGS } from '#shared/constants/subscriber-options.ts';
import { escapeHtml } from '#shared/escape-html.ts';
import type { CampaignContent } from '../data/campaign-item';
import type { SubscriberItem } from '../data/subscriber-item';
import { mailTags } from '../mail/mail-tags';
import { senderIdentification } from '../mail/sender-identification';
import type { OutgoingMail } from '../mail/outgoing-mail';
import { listUnsubscribeHeaders, subscriberLinks, type SubscriberLinks } from '../mail/subscriber-links';

/** The site's palette: ink on paper, deep teal for the firm's name and links. */
const INK = '#1D2433';
const MUTED = '#4A5568';
const TEAL = '#0F4C5C';
const PAPER = '#FBF8F3';

/** Why this person gets it, in the words of the preference they can switch off. */
const reasonLine = (campaign: CampaignContent) => {
  const option = EMAIL_SETTINGS[CAMPAIGN_TOPICS.indexOf(campaign.topic)]!;
  return `You receive this email because you are subscribed to the ${BUSINESS.name} ${option.label.toLowerCase()}.`;
};

/** CASL identification: who sent it and how to reach them, in every campaign email. */
const identification = () => {
  const { name, mailingAddress, contactEmail } = senderIdentification();
  return [name, mailingAddress, contactEmail];
};

const html = (campaign: CampaignContent, links: SubscriberLinks) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(campaign.subject)}</title></head>
<body style="margin:0;padding:0;background:${PAPER};color:${INK};font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;font-size:17px;line-height:1.6">
${campaign.preheader ? `<div style="display:none;max-height:0;overflow:hidden">${escapeHtml(campaign.preheader)}</div>` : ''}
<div style="max-width:640px;margin:0 auto;padding:24px 20px">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:${TEAL}">${escapeHtml(BUSINESS.name)}</p>
<div style="color:${INK}">
${campaign.bodyHtml}
</div>
<hr style="border:0;border-top:1px solid #d9dee5;margin:32px 0 16px">
<p style="margin:0 0 8px;font-size:14px;color:${MUTED}">${escapeHtml(reasonLine(campaign))}</p>
<p style="margin:0 0 8px;font-size:14px;color:${MUTED}"><a href="${escapeHtml(links.unsubscribe)}" style="color:${TEAL}">Unsubscribe</a> | <a href="${escapeHtml(links.settings)}" style="color:${TEAL}">Email preferences</a></p>
<p style="margin:0;font-size:14px;color:${MUTED}">${identification().map(escapeHtml).join('<br>')}</p>
</div>
</body></html>`;

const text = (campaign: CampaignContent, links: SubscriberLinks) =>
  [
    BUSINESS.name,
    campaign.bodyText,
    '--',
    reasonLine(campaign),
    `Unsubscribe: ${links.unsubscribe}`,
    `Email preferences: ${links.settings}`,
    identification().join('\n'),
  ].join('\n\n');

/**
 * One campaign email to one subscriber: their own unsubscribe and preference links (CASL; the
 * links work for as long as the subscriber exists, well beyond 60 days), RFC 8058 one-click
 * headers, and the campaign's identity as a header (for people) and an SES message tag (for the
 * bounce and complaint events SES publishes through the configuration set).
 */
export const campaignMail = (campaign: CampaignContent, subscriber: SubscriberItem, siteUrl: string): OutgoingMail => {
  const links = subscriberLinks(siteUrl, subscriber);
  return {
    to: subscriber.email,
    subject: campaign.subject,
    headers: { ...listUnsubscribeHeaders(links), [CAMPAIGN_HEADER]: campaign.slug },
    tags: mailTags({ kind: 'campaign', campaign: campaign.slug, subscriberId: subscriber.id }),
    html: html(campaign, links),
    text: text(campaign, links),
  };
};

/**
 * The owner's test copy of a campaign email: marked `[Test]`, without the one-click headers (its
 * sample subscriber does not exist, so a mail client's Unsubscribe button would fail) and
 * without the campaign's tags (SES's events about it belong to no send record). Its body's links
 * are the sample subscriber's, as the command says.
 */
export const testCopyOf = (mail: OutgoingMail): OutgoingMail => ({
  ...mail,
  subject: `[Test] ${mail.subject}`,
  // List-Unsubscribe and List-Unsubscribe-Post (listUnsubscribeHeaders).
  headers: Object.fromEntries(
    Object.entries(mail.headers ?? {}).filter(([name]) => !name.startsWith('List-Unsubscribe')),
  ),
  tags: undefined,
});
