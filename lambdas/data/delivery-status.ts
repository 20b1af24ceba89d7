/**
 * Where one email that must reach SES at most once stands. A lead's part (lead-item.ts) and a
 * campaign's send record (campaign-item.ts) move through the same states, by the same rules
 * (lambdas/mail/send-once.ts; docs/decisions/0001-lead-delivery.md,
 * docs/decisions/0050-campaign-sending.md): `sending` is written before SES is called and what
 * SES said right after it answers.
 * - pending: owed (again, after SES refused it); sending: handed to SES, outcome not yet recorded
 *   (left so by an interrupted sender, it becomes uncertain);
 * - sent: SES accepted it; uncertain: SES may have accepted it (a timeout, a lost answer): SES's
 *   events settle it, or it is sent again once after a settling window
 *   (docs/decisions/0063-settling-mail-from-ses-events.md);
 * - failed: SES kept refusing it until the delivery policy gave up (dead letter, alarm).
 */
export type DeliveryStatus = 'pending' | 'sending' | 'sent' | 'uncertain' | 'failed';
