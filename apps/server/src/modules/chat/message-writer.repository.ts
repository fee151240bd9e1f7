import type { Kysely } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type { ChatMessageRow, Database } from '../../db/schema';

/** `flags`: the classifier's (issue 29), '' when not given. */
/** `status`: 'sent' when not given; 'held' only for a first message held (issue 29). */
export type MessageValues = Omit<ChatMessageRow, 'is_edited' | 'flags' | 'status'> & { flags?: string; status?: ChatMessageRow['status'] };

/** A retried send (same author and client id) inserts nothing: the first one stays. */
const insertMessageQuery = preparedQuery<MessageValues & { flags: string; status: ChatMessageRow['status'] }, never>((db, param) => db
  .insertInto('chat_messages')
  .values({
    id: param('id'), room_id: param('room_id'), user_id: param('user_id'), message: param('message'), type: param('type'),
    is_edited: false, client_id: param('client_id'), status: param('status'), created_at: param('created_at'), updated_at: param('updated_at'),
    flags: param('flags'),
  })
  .onConflict((oc) => oc.columns(['user_id', 'client_id']).doNothing()));

const touchRoomQuery = preparedQuery<{ roomId: string; at: string }, never>((db, param) => db
  .updateTable('chat_rooms').set({ last_activity: param('at') }).where('id', '=', param('roomId')));

const markReadQuery = preparedQuery<{ roomId: string; userId: string; at: string }, never>((db, param) => db
  .updateTable('chat_room_members').set({ last_read_at: param('at') })
  .where('room_id', '=', param('roomId')).where('user_id', '=', param('userId')));

const rejoinAllQuery = preparedQuery<{ roomId: string; at: string }, never>((db, param) => db
  .updateTable('chat_room_members').set({ left_at: null, joined_at: param('at') })
  .where('room_id', '=', param('roomId')).where('left_at', 'is not', null));

/** Stores one message with its side effects inside `trx`; false when its client id was stored before. */
export async function writeMessage(trx: Kysely<Database>, row: MessageValues, anyoneLeft: boolean): Promise<boolean> {
  const inserted = await insertMessageQuery(trx, { ...row, flags: row.flags ?? '', status: row.status ?? 'sent' });
  if (!inserted.numAffectedRows) return false;
  await touchRoomQuery(trx, { roomId: row.room_id, at: row.created_at });
  await markReadQuery(trx, { roomId: row.room_id, userId: row.user_id, at: row.created_at });
  if (anyoneLeft) await rejoinAllQuery(trx, { roomId: row.room_id, at: row.created_at });
  return true;
}

interface PendingMessage {
  row: MessageValues;
  anyoneLeft: boolean;
  resolve: (stored: boolean) => void;
  reject: (error: unknown) => void;
}

/** Most messages committed together in one transaction. */
const MAX_GROUP_COMMIT = 64;

/**
 * The send path's writes (ChatRepository.storeMessage): each message in its own transaction, or,
 * with `groupCommits`, the messages of concurrent sends committed together (SQLite: one
 * connection, so each commit would otherwise wait for the one before and write its own WAL frames).
 */
export class MessageWriter {
  readonly #pending: PendingMessage[] = [];
  /** A commit is scheduled or running; messages arriving meanwhile wait for the next group. */
  #committing = false;

  constructor(private readonly db: Kysely<Database>, private readonly options: { groupCommits: boolean }) {}

  /** Stores a message (see ChatRepository.storeMessage); resolves after its commit. */
  store(row: MessageValues, anyoneLeft: boolean): Promise<boolean> {
    if (!this.options.groupCommits) return this.db.transaction().execute((trx) => writeMessage(trx, row, anyoneLeft));
    return new Promise((resolve, reject) => {
      this.#pending.push({ row, anyoneLeft, resolve, reject });
      this.#scheduleCommit();
    });
  }

  /** Sends read from the network in this turn of the event loop all reach `storeMessage` before it ends. */
  #scheduleCommit(): void {
    if (this.#committing) return;
    this.#committing = true;
    setImmediate(() => void this.#commitPending());
  }

  /** Group commit: the messages waiting go in one transaction, each answered once it is committed. */
  async #commitPending(): Promise<void> {
    try {
      while (this.#pending.length > 0) await this.#commitGroup(this.#pending.splice(0, MAX_GROUP_COMMIT));
    } finally {
      this.#committing = false;
      // A message that arrived after the last look at the queue (its answer was not yet read).
      if (this.#pending.length > 0) this.#scheduleCommit();
    }
  }

  async #commitGroup(group: PendingMessage[]): Promise<void> {
    let stored: boolean[];
    try {
      stored = await this.db.transaction().execute(async (trx) => {
        const results: boolean[] = [];
        for (const { row, anyoneLeft } of group) results.push(await writeMessage(trx, row, anyoneLeft));
        return results;
      });
    } catch {
      // One message failed (say its room was deleted meanwhile) and rolled back the group: the
      // others must not share its fate, so each goes again on its own.
      for (const message of group) {
        await this.db.transaction().execute((trx) => writeMessage(trx, message.row, message.anyoneLeft)).then(message.resolve, message.reject);
      }
      return;
    }
    group.forEach((message, i) => message.resolve(stored[i]!));
  }
}
