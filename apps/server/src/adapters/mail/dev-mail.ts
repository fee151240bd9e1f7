import type { Outbox } from '../outbox/outbox.repository';
import type { MailMessage, MailSender } from './mail';

/** Development e-mail: keeps every message in the dev outbox. */
export class DevMailSender implements MailSender {
  constructor(private readonly outbox: Outbox) {}

  async send(message: MailMessage): Promise<void> {
    await this.outbox.add({
      channel: 'email', to: message.to, subject: message.subject, body: message.text, link: message.link ?? null,
    });
  }
}
