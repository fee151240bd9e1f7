export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A link the message carries (verification, reset), kept visible for the dev outbox. */
  link?: string;
  /** What this mail is about, once (e.g. `receipt:<payment id>`): a queued mail with a key is sent once. */
  key?: string;
}

/**
 * Sends e-mail. Implementations: `DevMailSender` (dev outbox, development and test) and the
 * SMTP sender over `SMTP_URL` (production; accounts issue).
 */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}
