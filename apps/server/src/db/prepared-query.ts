import { createQueryId, type Compilable, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema';

/** What a prepared query binds. */
export type ParamValue = string | number | boolean | null;

interface QueryTemplate<O> {
  query: CompiledQuery<O>;
  /** For each parameter of the compiled query, the name of the value bound there, or undefined for a constant. */
  slots: (string | undefined)[];
}

/**
 * A query built and compiled once per database, then run with new values: on a hot path (each
 * chat send) building and compiling a Kysely query costs several times what the database takes
 * to run it. `build` gets `param(name)`, a stand-in for a value bound on every run; the SQL is
 * still the one Kysely writes for the database in use, plugins included.
 */
export function preparedQuery<P extends Record<string, ParamValue>, O>(
  build: (db: Kysely<Database>, param: <K extends keyof P & string>(name: K) => P[K]) => Compilable<O>,
): (db: Kysely<Database>, params: P) => Promise<QueryResult<O>> {
  // Keyed by the dialect adapter, which a database shares with its transactions.
  const templates = new WeakMap<object, QueryTemplate<O>>();
  const marker = `\u0000param\u0000`;
  const compile = (db: Kysely<Database>): QueryTemplate<O> => {
    const names = new Set<string>();
    const query = build(db, (name) => {
      names.add(name);
      return `${marker}${name}` as never;
    }).compile();
    const slots = query.parameters.map((value) => (typeof value === 'string' && value.startsWith(marker) ? value.slice(marker.length) : undefined));
    for (const name of names) if (!slots.includes(name)) throw new Error(`preparedQuery: parameter "${name}" is not bound in ${query.sql}`);
    return { query, slots };
  };
  return (db, params) => {
    const adapter = db.getExecutor().adapter;
    let template = templates.get(adapter);
    if (!template) templates.set(adapter, (template = compile(db)));
    const { query, slots } = template;
    const parameters = slots.map((name, i) => (name === undefined ? query.parameters[i] : params[name]));
    return db.executeQuery<O>({ ...query, parameters, queryId: createQueryId() });
  };
}
