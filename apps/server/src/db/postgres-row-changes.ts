import { createHash, randomBytes } from 'node:crypto';
import { CompiledQuery, PostgresDialect, PostgresDriver, type DatabaseConnection, type Driver, type PostgresDialectConfig, type QueryResult } from 'kysely';
import pg from 'pg';
import type { KeptReads } from './remembered';
import type { RowWatch } from './row-changes';

/** How long a write waits to hear its own changes before the listener counts as lost. */
const HEARD_WITHIN_MS = 5_000;
const RECONNECT_MS = { first: 100, max: 5_000 };
/** The listening connection's name in pg_stat_activity (operations, and the listener-drop test). */
export const LISTENER_APPLICATION_NAME = 'linkup-row-changes';

interface Watcher {
  watches: readonly RowWatch<string>[];
  listener: (tag: string, value: string) => void;
  kept: readonly KeptReads[];
}

/**
 * PostgreSQL's side of `watchRowChanges`: triggers on the watched tables `pg_notify` each change
 * (tag, value) on this schema's channel, the database delivers it at commit to every process
 * LISTENing, and each process LISTENs on one dedicated connection. So every process hears every
 * change, its own and others', even when the writer dies right after its commit.
 *
 * What keeps the kept reads true:
 * - A value read before a change's notification arrives is forgotten when it arrives (the
 *   listener forgets; a read that overlapped the forget is not kept, see `Remembered.mark`).
 * - A process's own writes: a connection that changed rows sends a marker notification after its
 *   commit and waits until the listener hears it before Kysely gets it back (`WatchedPostgresDriver`);
 *   notifications arrive in commit order, so by then its changes were heard and forgotten here.
 * - While not listening (starting, connection lost, triggers not created yet) every kept value is
 *   forgotten and nothing is kept (`KeptReads.suspend`); listening again resumes them.
 */
export class PostgresRowChanges {
  readonly #url: string;
  /** Watchers whose triggers are in place and who hear changes now. */
  readonly #active: Watcher[] = [];
  /** Watchers waiting for the listener (and their triggers) to be up. */
  readonly #pending: Watcher[] = [];
  readonly #byId = new Map<string, Watcher[]>();
  /** The watches by table: only a write their triggers fire on can notify. */
  readonly #watchesByTable = new Map<string, RowWatch<string>[]>();
  /** This process's markers not heard yet. */
  readonly #waiting = new Map<string, () => void>();
  readonly #markerPrefix = `heard ${randomBytes(6).toString('hex')} `;
  #markers = 0;
  #client: pg.Client | null = null;
  #channel = '';
  #listening = false;
  #losses = 0;
  #running = false;
  /** Waiting for `started`. */
  readonly #started: (() => void)[] = [];
  #closed = false;
  #retryMs = RECONNECT_MS.first;
  #retry: NodeJS.Timeout | null = null;

  constructor(url: string) {
    this.#url = url;
  }

  /** A Kysely dialect whose connections, after changing rows, wait until this listener heard them. */
  dialect(config: PostgresDialectConfig): PostgresDialect {
    return new WatchedPostgresDialect(config, this);
  }

  /** Whether changes are heard now (kept values are allowed). */
  get listening(): boolean {
    return this.#listening;
  }

  watch(watches: readonly RowWatch<string>[], listener: (tag: string, value: string) => void, kept: readonly KeptReads[]): void {
    const watcher = { watches, listener, kept };
    for (const cache of kept) cache.suspend();
    for (const watch of watches) {
      this.#watchesByTable.set(watch.table, [...(this.#watchesByTable.get(watch.table) ?? []), watch]);
      const id = watchId(watch);
      this.#byId.set(id, [...(this.#byId.get(id) ?? []), watcher]);
    }
    this.#pending.push(watcher);
    this.#run();
  }

  /**
   * Whether a statement that changed rows may have fired a trigger: an insert, update or delete a
   * watch reports (its table; an insert only where the watch takes inserts, an update only of its
   * columns), or any statement whose target or columns this cannot tell (`with`, raw SQL, a set
   * with a subquery). A write nothing reports has nothing to be heard, so it spares the marker's
   * query and round trip: a chat message's insert, its room's last activity and read mark, a
   * limit's count, a notification. Cascades reach watched tables only from watched parents
   * (users, interests, chat_rooms; kept-reads.test.ts checks it on the schema).
   */
  mayNotify(sql: string): boolean {
    const write = writeOf(sql);
    if (!write) return true;
    const watches = this.#watchesByTable.get(write.table) ?? [];
    switch (write.kind) {
      case 'insert':
        return watches.some((w) => w.inserts);
      case 'delete':
        return watches.length > 0;
      case 'update':
        return watches.some((w) => !w.columns || !write.columns || w.columns.some((c) => write.columns!.includes(c)));
    }
  }

  /**
   * After `connection` changed rows and committed: resolves once this process heard those changes
   * (at once while not listening: nothing is kept then).
   */
  async heard(connection: DatabaseConnection): Promise<void> {
    if (!this.#listening) return;
    const marker = `${this.#markerPrefix}${++this.#markers}`;
    const heard = new Promise<void>((resolve) => this.#waiting.set(marker, resolve));
    const timer = setTimeout(() => {
      if (this.#waiting.has(marker)) this.#lost();
    }, HEARD_WITHIN_MS);
    try {
      await connection.executeQuery(CompiledQuery.raw('select pg_notify($1, $2)', [this.#channel, marker]));
      await heard;
    } catch {
      // The write committed; a connection that fails now only loses its marker.
      this.#waiting.delete(marker);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Resolves once the watches asked for so far are listened to, or the first try failed (then it
   * keeps retrying in the background, with nothing kept meanwhile). The app waits for it before
   * serving: creating the triggers locks their tables, and a request writing two of them at the
   * same time could deadlock with it.
   */
  started(): Promise<void> {
    if (!this.#running && this.#pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.#started.push(resolve));
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retry) clearTimeout(this.#retry);
    this.#lost();
  }

  /** Connects, creates the pending watchers' triggers, listens, resumes their caches; retries until it can. */
  #run(): void {
    if (this.#running || this.#closed || this.#retry) return;
    this.#running = true;
    void (async () => {
      try {
        while (this.#pending.length > 0 && !this.#closed) {
          if (!this.#client) await this.#connect();
          const client = this.#client!;
          const watchers = this.#pending.splice(0);
          await this.#createTriggers(client, watchers.flatMap((w) => w.watches));
          if (client !== this.#client) throw new Error('row-change listener lost while starting');
          this.#listening = true;
          this.#active.push(...watchers);
          for (const cache of watchers.flatMap((w) => w.kept)) cache.resume();
        }
        this.#retryMs = RECONNECT_MS.first;
      } catch {
        this.#lost();
        if (!this.#closed) {
          this.#retry = setTimeout(() => {
            this.#retry = null;
            this.#run();
          }, this.#retryMs).unref();
          this.#retryMs = Math.min(this.#retryMs * 2, RECONNECT_MS.max);
        }
      } finally {
        this.#running = false;
        for (const resolve of this.#started.splice(0)) resolve();
      }
    })();
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.#url, application_name: LISTENER_APPLICATION_NAME });
    client.on('error', () => this.#lostClient(client));
    client.on('end', () => this.#lostClient(client));
    client.on('notification', (message) => this.#heard(message.payload ?? ''));
    this.#client = client;
    await client.connect();
    const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
    this.#channel = channelOf(rows[0]!.schema);
    await client.query(`listen "${this.#channel}"`);
  }

  /** Each watch's trigger, created once per schema (under a lock, so starting processes do not race). */
  async #createTriggers(client: pg.Client, watches: readonly RowWatch<string>[]): Promise<void> {
    const wanted = new Map(watches.map((watch) => [`linkup_rc_${watchId(watch)}`, watch]));
    const present = async () => new Set((await client.query<{ name: string }>(
      `select t.tgname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where c.relnamespace = current_schema()::regnamespace and t.tgname like 'linkup_rc_%'`,
    )).rows.map((r) => r.name));
    const missing = (names: Set<string>) => [...wanted].filter(([name]) => !names.has(name));
    if (missing(await present()).length === 0) return;
    await client.query('begin');
    try {
      await client.query(`select pg_advisory_xact_lock(hashtext('linkup_row_changes'))`);
      for (const [name, watch] of missing(await present())) await client.query(triggerSql(name, watch, this.#channel));
      await client.query('commit');
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    }
  }

  #heard(payload: string): void {
    const resolve = this.#waiting.get(payload);
    if (resolve) {
      this.#waiting.delete(payload);
      resolve();
      return;
    }
    const [id, tag, ...value] = payload.split(' ');
    for (const watcher of this.#byId.get(id!) ?? []) if (this.#active.includes(watcher)) watcher.listener(tag!, value.join(' '));
  }

  #lostClient(client: pg.Client): void {
    if (client !== this.#client) return;
    this.#lost();
    this.#run();
  }

  /** How often listening stopped while it was on (a dropped connection, a marker not heard in time), for /metrics. */
  get losses(): number {
    return this.#losses;
  }

  /** Forgets every kept value and keeps none until listening again; writes stop waiting. */
  #lost(): void {
    if (this.#listening && !this.#closed) this.#losses++;
    const client = this.#client;
    this.#client = null;
    this.#listening = false;
    const watchers = this.#active.splice(0);
    for (const cache of [...watchers, ...this.#pending].flatMap((w) => w.kept)) cache.suspend();
    this.#pending.unshift(...watchers);
    for (const resolve of this.#waiting.values()) resolve();
    this.#waiting.clear();
    if (client) void client.end().catch(() => {});
  }
}

/** A plain insert, update or delete as Kysely writes it: its table (schema left off) and the rest. */
const WRITE = /^\s*(insert\s+into|update|delete\s+from)\s+(?:"[^"]+"\.)?"([^"]+)"(?:\s+as\s+"[^"]+")?\s+([\s\S]*)$/i;

/**
 * What a statement writes, as far as its text tells: the table, and for an update the columns it
 * sets (null when the set list cannot be told apart from what follows it). Null for anything else.
 */
export function writeOf(sql: string): { kind: 'insert' | 'update' | 'delete'; table: string; columns: string[] | null } | null {
  const match = WRITE.exec(sql);
  if (!match) return null;
  const [, verb, table, rest] = match as unknown as [string, string, string, string];
  const kind = verb.toLowerCase().startsWith('insert') ? 'insert' : verb.toLowerCase() === 'update' ? 'update' : 'delete';
  if (kind !== 'update') return { kind, table, columns: null };
  // `set "a" = $1, "b" = $2 where …`: the set list ends at the first clause; a subquery in it
  // (whose own where would end it early) leaves the columns unknown.
  const set = /^set\s+([\s\S]*?)(?:\s+(?:where|from|returning)\s|$)/i.exec(rest)?.[1];
  if (set === undefined || /\(\s*select\b/i.test(set)) return { kind, table, columns: null };
  return { kind, table, columns: [...set.matchAll(/(?:^|,\s*)"([^"]+)"\s*=/g)].map((m) => m[1]!) };
}

/** A watch's name in the database: the same declaration makes the same trigger in every process. */
function watchId(watch: RowWatch<string>): string {
  return createHash('sha256').update(JSON.stringify([watch.table, watch.columns ?? null, watch.inserts ?? false, watch.report])).digest('hex').slice(0, 16);
}

function channelOf(schema: string): string {
  return `linkup_rows_${schema.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63);
}

const identifier = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A trigger reporting `watch` as `<id> <tag> <value>`, for the old row and the new (as on SQLite). */
function triggerSql(name: string, watch: RowWatch<string>, channel: string): string {
  const id = name.slice('linkup_rc_'.length);
  const notify = (row: 'old' | 'new') => Object.entries(watch.report).map(([column, tag]) =>
    `perform pg_notify(${literal(channel)}, ${literal(`${id} ${tag} `)} || ${row}.${identifier(column)}) where ${row}.${identifier(column)} is not null;`).join('\n');
  const events = [
    ...(watch.inserts ? ['insert'] : []),
    `update${watch.columns ? ` of ${watch.columns.map(identifier).join(', ')}` : ''}`,
    'delete',
  ].join(' or ');
  return `
    create or replace function ${identifier(name)}() returns trigger language plpgsql as $fn$
    begin
      if tg_op <> 'INSERT' then ${notify('old')} end if;
      if tg_op <> 'DELETE' then ${notify('new')} end if;
      return null;
    end $fn$;
    create trigger ${identifier(name)} after ${events} on ${identifier(watch.table)} for each row execute function ${identifier(name)}();`;
}

class WatchedPostgresDialect extends PostgresDialect {
  constructor(private readonly config: PostgresDialectConfig, private readonly changes: PostgresRowChanges) {
    super(config);
  }

  override createDriver(): Driver {
    return new WatchedPostgresDriver(this.config, this.changes);
  }
}

/** A connection that remembers whether it changed watched rows since it was taken from the pool. */
class WritingConnection implements DatabaseConnection {
  wrote = false;
  constructor(readonly inner: DatabaseConnection, private readonly changes: PostgresRowChanges) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.inner.executeQuery<R>(query);
    if (result.numAffectedRows && !this.wrote && this.changes.mayNotify(query.sql)) this.wrote = true;
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/** Before a connection that changed rows goes back to the pool, this process hears those changes. */
class WatchedPostgresDriver extends PostgresDriver {
  constructor(config: PostgresDialectConfig, private readonly changes: PostgresRowChanges) {
    super(config);
  }

  override async acquireConnection(): Promise<DatabaseConnection> {
    return new WritingConnection(await super.acquireConnection(), this.changes);
  }

  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const { inner, wrote } = connection as WritingConnection;
    if (wrote) await this.changes.heard(inner);
    await super.releaseConnection(inner as Parameters<PostgresDriver['releaseConnection']>[0]);
  }
}
