/**
 * The leads table's index of leads that still owe mail, by when the next attempt is due.
 * `mailQueue` ('due') is set while a lead owes mail and removed when it settles, so the sparse
 * index holds only those leads and the mail sweep reads them without scanning the table
 * (docs/decisions/0001-lead-delivery.md). Here because both the table definition (infra) and
 * the mailer's queries (lambdas) name it.
 */
export const MAIL_DUE_INDEX = {
  name: 'MailDue',
  partitionKey: { name: 'mailQueue', type: 'S' },
  sortKey: { name: 'nextAttemptAt', type: 'N' },
} as const;
