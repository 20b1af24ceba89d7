/** One email as the mailer plans it; compose.ts turns it into MIME. */
export interface OutgoingMail {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  headers?: Record<string, string>;
  /** SES message tags (SendRawEmail's Tags): published with the bounce and complaint events. */
  tags?: Record<string, string>;
}
