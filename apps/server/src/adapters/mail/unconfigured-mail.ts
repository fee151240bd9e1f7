import { unavailable } from '../../lib/http-errors';
import type { MailSender } from './mail';

/** Production without SMTP settings: sending fails clearly (503) instead of pretending. */
export class UnconfiguredMailSender implements MailSender {
  async send(): Promise<void> {
    throw unavailable('mail_unavailable', 'E-mail delivery is not configured on this server.');
  }
}
