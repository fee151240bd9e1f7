import { unavailable } from '../../lib/http-errors';
import type { WhatsAppSender } from './whatsapp';

/** Production without WhatsApp settings: sending fails clearly (503) instead of pretending. */
export class UnconfiguredWhatsAppSender implements WhatsAppSender {
  async sendCode(): Promise<void> {
    throw unavailable('whatsapp_unavailable', 'WhatsApp delivery is not configured on this server.');
  }
  async sendLink(): Promise<void> {
    throw unavailable('whatsapp_unavailable', 'WhatsApp delivery is not configured on this server.');
  }
}
