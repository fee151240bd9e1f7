import { HELP_MESSAGES, type ContactBody, type Faq, type FaqCategory, type SupportMessage } from '@linkup/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { MailSender } from '../../adapters/mail/mail';
import type { UserRow } from '../../db/schema';
import { tooManyRequests } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import { isoNow, type Clock } from '../../lib/clock';
import type { Limiter } from '../../lib/limiter';
import type { HelpRepository } from './help.repository';

const HOUR = 60 * 60 * 1000;

/** Entries whose question or answer holds every word of the search (any case); empty categories drop out. */
export function searchFaq(categories: readonly FaqCategory[], search: string): Faq {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  const result: FaqCategory[] = [];
  for (const category of categories) {
    const entries = category.entries.filter((entry) => {
      const text = `${entry.question}\n${entry.answer}`.toLocaleLowerCase();
      return words.every((word) => text.includes(word));
    });
    if (entries.length > 0) result.push({ ...category, entries });
  }
  return { search, total: result.reduce((n, c) => n + c.entries.length, 0), categories: result };
}

export interface HelpServiceDeps {
  repo: HelpRepository;
  mail: MailSender;
  faq: readonly FaqCategory[];
  support: { email: string; messagesPerHour: number };
  log: FastifyBaseLogger;
  clock: Clock;
  /** The one limiter (lib/limiter.ts): messages an hour, counted with the message's insert. */
  limiter: Limiter;
}

/** The FAQ and the contact form. */
export class HelpService {
  constructor(private readonly deps: HelpServiceDeps) {}

  faq(search: string): Faq {
    return searchFaq(this.deps.faq, search);
  }

  /**
   * Stores the message first, then e-mails it to the support address: a failed delivery is
   * logged and the stored message stays for the team to read. The message is counted in the
   * transaction that stores it, before it is stored: parallel sends wait for each other's count.
   */
  async contact(user: UserRow, body: ContactBody): Promise<SupportMessage> {
    const { repo, mail, support, log, clock, limiter } = this.deps;
    const now = isoNow(clock);
    const row = { id: newId(), user_id: user.id, email: user.email, subject: body.subject, message: body.message, created_at: now };
    await repo.transaction(async (tx, within) => {
      if (!(await limiter.take(`contact:${user.id}`, support.messagesPerHour, HOUR, within))) throw tooManyRequests('contact_limit', HELP_MESSAGES.contactLimit);
      await tx.insert(row);
    });
    try {
      await mail.send({
        to: support.email,
        subject: `[LinkUp support] ${body.subject}`,
        text: [
          `From: ${user.name} <${user.email ?? 'no e-mail address'}>`,
          `Member id: ${user.id}`,
          `Support message id: ${row.id}`,
          `Sent: ${now}`,
          '',
          body.message,
        ].join('\n'),
      });
    } catch (err) {
      log.error({ err, supportMessageId: row.id }, 'support message stored but not e-mailed');
    }
    return { id: row.id, subject: row.subject, created_at: row.created_at };
  }
}
