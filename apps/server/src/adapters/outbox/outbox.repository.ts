import type { Kysely } from 'kysely';
import type { OutboxMessage } from '@linkup/contract';
import type { Database } from '../../db/schema';
import { newId } from '../../lib/ids';
import { orderedIsoNow, type Clock } from '../../lib/clock';

export interface OutboxEntry {
  channel: OutboxMessage['channel'];
  to: string;
  subject?: string | null;
  body: string;
  code?: string | null;
  link?: string | null;
}

/**
 * The dev outbox: in development and test, WhatsApp and e-mail messages are kept here instead of
 * being sent, listed at /api/dev/outbox and /dev/outbox. Never constructed in production.
 */
export class Outbox {
  constructor(
    private readonly db: Kysely<Database>,
    /** The app's clock: a message's time (tests move it), never the same twice, so newest first is one order. */
    private readonly clock: Clock,
  ) {}

  async add(entry: OutboxEntry): Promise<OutboxMessage> {
    const row = {
      id: newId(),
      channel: entry.channel,
      recipient: entry.to,
      subject: entry.subject ?? null,
      body: entry.body,
      code: entry.code ?? null,
      link: entry.link ?? null,
      created_at: orderedIsoNow(this.clock),
    };
    await this.db.insertInto('dev_outbox').values(row).execute();
    return present(row);
  }

  /** Newest first; all recipients when `to` is omitted. */
  async list(to?: string, limit = 50): Promise<OutboxMessage[]> {
    let query = this.db.selectFrom('dev_outbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit);
    if (to) query = query.where('recipient', '=', to);
    return (await query.execute()).map(present);
  }
}

function present(row: {
  id: string; channel: 'whatsapp' | 'email'; recipient: string; subject: string | null; body: string;
  code: string | null; link: string | null; created_at: string;
}): OutboxMessage {
  return {
    id: row.id, channel: row.channel, to: row.recipient, subject: row.subject, body: row.body,
    code: row.code, link: row.link, created_at: row.created_at,
  };
}
