export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** A link the message carries (verification, reset), kept visible for the dev outbox. */
  link?: string;
}

/**
 * Sends e-mail. Implementations: `DevMailSender` (dev outbox, development and test) and the
 * SMTP sender over `SMTP_URL` (production; accounts issue).
 */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}
