/**
 * Sends one-time codes and links by WhatsApp. Implementations: `DevWhatsAppSender` (dev outbox,
 * development and test) and the WhatsApp Business Cloud API sender (production; accounts issue).
 */
export interface WhatsAppSender {
  sendCode(to: string, code: string): Promise<void>;
  sendLink(to: string, text: string, link: string): Promise<void>;
}
