/**
 * The emails to the address a visitor typed (lambdas/mail/lead-mails.ts) quote none of the
 * visitor's words, not even the first name: whoever fills in the form chooses the address, so a
 * name greeted a stranger in the firm's email (issue 33). The firm's own notification keeps it.
 */
import type { LeadItem, ScorecardLead } from '#lambdas/data/lead-item.ts';
import { confirmationMail, notificationMail, scorecardMail, welcomeMail } from '#lambdas/mail/lead-mails.ts';
import { dueLead, dueSignupLead } from '#test/unit/support/lead-items.ts';

/** What an attacker typed as a name, or a name stored before names were kept to names. */
const PHISHING_NAME = 'Jane Your payroll account is suspended';
const LINKS = {
  unsubscribe: 'https://site.test/unsubscribe/x',
  settings: 'https://site.test/setting/x',
  oneClick: 'https://site.test/api/x/one-click',
};

const signup = dueSignupLead('lead#SignupKeyAbcdefghijklm', {
  firstName: PHISHING_NAME,
  lastName: 'Reply with your bank details',
}) as unknown as LeadItem;
const scorecard = {
  ...dueLead('lead#ScorecardKeyAbcdefghij'),
  type: 'scorecard',
  audience: 'employer',
  email: 'someone.else@example.ca',
  firstName: PHISHING_NAME,
  lastName: 'Reply with your bank details',
} as unknown as ScorecardLead;

describe('emails to the typed address', () => {
  it.each([
    ['the confirmation', () => confirmationMail(signup, 'https://site.test/confirm/candidate/x')],
    ['the welcome', () => welcomeMail(signup, LINKS)],
    ['the scorecard link', () => scorecardMail(scorecard, 'https://site.test/download/x', LINKS)],
  ])('%s greets with "Hello," and quotes no name', (_what, mail) => {
    // Act
    const { text, html, subject } = mail();

    // Assess
    expect(text.split('\n\n')[0]).toBe('Hello,');
    expect(html).toContain('<p>Hello,</p>');
    for (const part of [text, html, subject]) {
      expect(part).not.toContain('payroll');
      expect(part).not.toContain('bank details');
    }
  });

  it("keeps the name in the firm's own notification, which must say who wrote", () => {
    const mail = notificationMail(signup, 'leads@chinooktalent.ca', 'https://site.test');
    expect(mail.subject).toBe(`New candidate sign-up: ${PHISHING_NAME} Reply with your bank details`);
  });
});
