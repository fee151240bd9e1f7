import nodemailer, { type Transporter } from 'nodemailer';
import { DeliveryError } from '../delivery-error';
import type { MailMessage, MailSender } from './mail';

/** E-mail over SMTP (`SMTP_URL`, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpMailSender implements MailSender {
  readonly #transport: Transporter;

  constructor(options: { url: string; from: string }) {
    this.#transport = nodemailer.createTransport(options.url, { from: options.from });
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.#transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      throw new DeliveryError('email', `SMTP delivery failed${code ? ` (${code})` : ''}`, code);
    }
  }

  close(): void {
    this.#transport.close();
  }
}
