import type { Jobs } from '../jobs/jobs';
import type { MailMessage, MailSender } from './mail';

export const MAIL_JOB = 'mail';
/** An SMTP server away for a while: tries 10 s, 20 s, 40 s, 80 s and 160 s apart. */
const MAIL_ATTEMPTS = 6;
const MAIL_BACKOFF_MS = 10_000;

/**
 * Outgoing e-mail as jobs (issue 33): `send` enqueues and returns; the job sends through the real
 * sender, retried with backoff, and a mail that never went out is kept with the failed jobs. A
 * mail with a `key` is one job id, so the same receipt is never sent twice.
 */
export class QueuedMail implements MailSender {
  constructor(
    private readonly jobs: Pick<Jobs, 'enqueue' | 'register'>,
    sender: MailSender,
  ) {
    jobs.register(MAIL_JOB, (data) => sender.send(data as MailMessage));
  }

  send(message: MailMessage): Promise<void> {
    return this.jobs.enqueue(MAIL_JOB, message, {
      ...(message.key ? { jobId: `mail:${message.key}` } : {}), attempts: MAIL_ATTEMPTS, backoffMs: MAIL_BACKOFF_MS,
    });
  }
}
