import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely, OperationNodeTransformer, PostgresDialect, PrimitiveValueListNode, SqliteDialect, ValueNode,
  sql, type KyselyPlugin, type PluginTransformQueryArgs, type PluginTransformResultArgs, type QueryResult,
  type RootOperationNode, type UnknownRow,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Where the SQLite file lives (undefined on PostgreSQL). */
  file?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string;
  dataDir: string;
  poolMax?: number;
  /** SQLite file name inside dataDir, or ':memory:'. */
  sqliteFile?: string;
}

// PostgreSQL: timestamps leave the driver as ISO strings (as SQLite stores them) and counts as numbers.
const toIso = (v: string) => new Date(v.includes('T') || v.endsWith('Z') || /[+-]\d\d(:?\d\d)?$/.test(v) ? v : `${v}Z`).toISOString();
pg.types.setTypeParser(pg.types.builtins.TIMESTAMPTZ, toIso);
pg.types.setTypeParser(pg.types.builtins.TIMESTAMP, toIso);
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** better-sqlite3 cannot bind booleans: write them as 1/0, as the integer columns expect. */
class BooleanToInteger extends OperationNodeTransformer {
  protected override transformValue(node: ValueNode): ValueNode {
    const value = node.value;
    return typeof value === 'boolean' ? ValueNode.create(value ? 1 : 0) : super.transformValue(node);
  }
  protected override transformPrimitiveValueList(node: PrimitiveValueListNode): PrimitiveValueListNode {
    return PrimitiveValueListNode.create(node.values.map((v) => (typeof v === 'boolean' ? (v ? 1 : 0) : v)));
  }
}

class SqliteBooleanPlugin implements KyselyPlugin {
  readonly #transformer = new BooleanToInteger();
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }
  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}

/** SQLite (embedded, WAL) by default; PostgreSQL when a URL is given. */
export function createDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolMax ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }

  const memory = options.sqliteFile === ':memory:';
  const file = memory ? ':memory:' : path.join(options.dataDir, options.sqliteFile ?? 'linkup.db');
  if (!memory) fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: sqlite }),
    plugins: [new SqliteBooleanPlugin()],
  });
  return { db, dialect: 'sqlite', ...(memory ? {} : { file }), close: () => db.destroy() };
}

/** Cheap liveness probe for the health check. */
export async function pingDatabase(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
