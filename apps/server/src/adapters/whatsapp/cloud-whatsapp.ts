import { DeliveryError } from '../delivery-error';
import type { WhatsAppSender } from './whatsapp';

export interface CloudWhatsAppOptions {
  /** e.g. https://graph.facebook.com/v21.0 */
  apiUrl: string;
  phoneNumberId: string;
  accessToken: string;
  /** An approved "authentication" template whose body and copy-code button take the code. */
  otpTemplate: string;
  templateLanguage: string;
  timeoutMs?: number;
}

/** WhatsApp Business Cloud API: POST {apiUrl}/{phone-number-id}/messages with a bearer token. */
export class CloudWhatsAppSender implements WhatsAppSender {
  constructor(private readonly options: CloudWhatsAppOptions) {}

  async sendCode(to: string, code: string): Promise<void> {
    await this.post({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: to.replace(/^\+/, ''),
      type: 'template',
      template: {
        name: this.options.otpTemplate,
        language: { code: this.options.templateLanguage },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: code }] },
          { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: code }] },
        ],
      },
    });
  }

  async sendLink(to: string, text: string, link: string): Promise<void> {
    await this.post({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: to.replace(/^\+/, ''),
      type: 'text',
      text: { preview_url: true, body: `${text}\n${link}` },
    });
  }

  private async post(body: unknown): Promise<void> {
    const url = `${this.options.apiUrl}/${encodeURIComponent(this.options.phoneNumberId)}/messages`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.options.accessToken}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new DeliveryError('whatsapp', `WhatsApp API unreachable: ${(error as Error).name}`);
    }
    if (!response.ok) {
      let detail = '';
      try {
        const payload = (await response.json()) as { error?: { message?: string; code?: number } };
        detail = payload.error?.message ? `: ${payload.error.message}` : '';
      } catch {
        // not JSON
      }
      throw new DeliveryError('whatsapp', `WhatsApp API answered ${response.status}${detail}`, response.status);
    }
  }
}
