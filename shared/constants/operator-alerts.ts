/**
 * Log messages that raise an alarm: the lambdas log them (lambdas/runtime/log.ts) and the stack
 * puts a metric filter on their log groups (infra/cdk/constructs/site-stack.ts), so the two cannot drift.
 */
export const LEAD_MAIL_FINALLY_FAILED = 'Lead mail finally failed';
export const FORM_MAIL_BUDGET_EXHAUSTED = 'Form mail budget exhausted';
export const CAMPAIGN_MAIL_FINALLY_FAILED = 'Campaign mail finally failed';
/** An email still in doubt after its settling window and its one resend (docs/decisions/0063). */
export const MAIL_DOUBT_OUTLIVED_WINDOW = 'Mail doubt outlived its window';
