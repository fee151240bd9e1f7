import type { Config } from '../config';
import { DevMailSender } from './mail/dev-mail';
import type { MailSender } from './mail/mail';
import { SmtpMailSender } from './mail/smtp-mail';
import { UnconfiguredMailSender } from './mail/unconfigured-mail';
import type { Outbox } from './outbox/outbox';
import { CloudWhatsAppSender } from './whatsapp/cloud-whatsapp';
import { DevWhatsAppSender } from './whatsapp/dev-whatsapp';
import { UnconfiguredWhatsAppSender } from './whatsapp/unconfigured-whatsapp';
import type { WhatsAppSender } from './whatsapp/whatsapp';

/** The real sender when configured; else the dev outbox (development, test) or a 503 (production). */
export function selectWhatsApp(config: Config, outbox: Outbox | null): WhatsAppSender {
  if (config.whatsapp) return new CloudWhatsAppSender(config.whatsapp);
  return outbox ? new DevWhatsAppSender(outbox) : new UnconfiguredWhatsAppSender();
}

export function selectMail(config: Config, outbox: Outbox | null): MailSender {
  if (config.smtp) return new SmtpMailSender(config.smtp);
  return outbox ? new DevMailSender(outbox) : new UnconfiguredMailSender();
}
