import type { Outbox } from '../outbox/outbox.repository';
import type { WhatsAppSender } from './whatsapp';

/** Development WhatsApp: keeps every message in the dev outbox. */
export class DevWhatsAppSender implements WhatsAppSender {
  constructor(private readonly outbox: Outbox) {}

  async sendCode(to: string, code: string): Promise<void> {
    await this.outbox.add({
      channel: 'whatsapp', to, code,
      body: `${code} is your LinkUp verification code. For your security, do not share this code.`,
    });
  }

  async sendLink(to: string, text: string, link: string): Promise<void> {
    await this.outbox.add({ channel: 'whatsapp', to, body: `${text}\n${link}`, link });
  }
}
