// Table ownership (issue 28 item 11): each table has one owning repository, the map in
// docs/architecture.md, and only it inserts, updates or deletes its rows; a column owner listed
// there may only update. This test reads the map, finds every write in every *.repository.ts of
// the server and fails on a write by anyone else. db/ (migrations) and seed/ (the demo seed's
// repository) are outside the rule.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const SERVER = path.join(root, 'apps/server/src');

/** The tables of the schema: the keys of `interface Database` in db/schema.ts. */
export function schemaTables(source) {
  const body = /export interface Database \{([^}]*)\}/.exec(source)?.[1] ?? '';
  return [...body.matchAll(/^\s*(\w+):\s*\w+;/gm)].map((m) => m[1]);
}

/**
 * The map of docs/architecture.md: `| \`table\` | \`owner\` | column owners |` rows. The owner is
 * one repository; one kept in several files of its module (chat's group-commit writer) names them
 * all in its cell, and they own the table together.
 */
export function ownershipMap(markdown) {
  const owners = new Map();
  const columnOwners = new Map();
  const repositoryFiles = (cell) => [...cell.matchAll(/`([^`]+\.repository\.ts)`/g)].map((c) => c[1]);
  for (const m of markdown.matchAll(/^\s*\| `(\w+)` \| (`[^`]+\.repository\.ts`[^|]*)\|([^|\n]*)\|\s*$/gm)) {
    if (owners.has(m[1])) throw new Error(`${m[1]} has two rows in the ownership map`);
    const files = repositoryFiles(m[2]);
    if (new Set(files.map((f) => path.dirname(f))).size > 1) throw new Error(`${m[1]}: one owner, so its files are of one module (${files.join(', ')})`);
    owners.set(m[1], files);
    columnOwners.set(m[1], repositoryFiles(m[3]));
  }
  return { owners, columnOwners };
}

const KIND = { insertInto: 'insert', replaceInto: 'insert', mergeInto: 'merge', updateTable: 'update', deleteFrom: 'delete' };
const lineAt = (source, index) => source.slice(0, index).split('\n').length;

/**
 * Every write of a repository's source: Kysely's builders (`insertInto('t')`, `updateTable('t as
 * x')`, …) and INSERT/UPDATE/DELETE/REPLACE/MERGE statements in raw SQL (`sql\`…\``, `sql.raw`,
 * `CompiledQuery.raw`) on a table of the schema. A builder whose table is not written out is a
 * write of `table: null`: ownership cannot be checked, so it is refused.
 */
export function writesIn(source, tables) {
  const known = new Set(tables);
  const writes = [];
  for (const m of source.matchAll(/\.\s*(insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\s*\(\s*(?:(['"`])([^'"`]*)\2|([^)\s,]*))/g)) {
    const table = m[3] === undefined ? null : m[3].trim().split(/\s+as\s+/i)[0].split('.').pop();
    writes.push({ table, kind: KIND[m[1]], line: lineAt(source, m.index) });
  }
  const raw = [
    ...source.matchAll(/\bsql\s*(?:<[^`;]*?>)?\s*`((?:[^`\\]|\\.)*)`/g),
    ...source.matchAll(/\b(?:sql|CompiledQuery)\.raw\s*\(\s*(?:'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"|`((?:[^`\\]|\\.)*)`)/g),
  ];
  for (const m of raw) {
    const text = m.slice(1).find((t) => t !== undefined) ?? '';
    const start = m.index + m[0].indexOf(text);
    for (const w of text.matchAll(/\b(insert\s+(?:or\s+\w+\s+)?into|replace\s+into|merge\s+into|delete\s+from|update)\s+"?(\w+)"?/gi)) {
      if (!known.has(w[2])) continue; // `do update set`, `for update`: not a write of a table
      const verb = w[1].toLowerCase().split(/\s+/)[0];
      writes.push({ table: w[2], kind: verb === 'replace' ? 'insert' : verb, line: lineAt(source, start + w.index) });
    }
  }
  return writes.sort((a, b) => a.line - b.line);
}

/** Writes of `files` (path → source) that the map does not allow, as `file table kind line` objects. */
export function ownershipViolations({ owners, columnOwners }, files, tables) {
  const violations = [];
  for (const [file, source] of files) {
    for (const write of writesIn(source, tables)) {
      const owner = (write.table && owners.get(write.table)) || [];
      const allowed = owner.includes(file) || (write.kind === 'update' && (columnOwners.get(write.table) ?? []).includes(file));
      if (!allowed) violations.push({ file, ...write });
    }
  }
  return violations;
}

/** The server's repositories, path (under apps/server/src) → source. */
function repositories(dir = SERVER) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    // db/ (migrations) and the demo seed (seed/seed.repository.ts) fill tables they create or seed.
    if (entry.isDirectory()) return (entry.name === 'db' || entry.name === 'seed') && dir === SERVER ? [] : repositories(full);
    return entry.name.endsWith('.repository.ts') ? [[path.relative(SERVER, full).split(path.sep).join('/'), fs.readFileSync(full, 'utf8')]] : [];
  });
}

const tables = schemaTables(fs.readFileSync(path.join(SERVER, 'db/schema.ts'), 'utf8'));
const map = ownershipMap(fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8'));

describe('table ownership (docs/architecture.md)', () => {
  it('maps every table of the schema, and only those, to a repository that exists', () => {
    expect(tables.length).toBeGreaterThan(40);
    expect([...map.owners.keys()].sort()).toEqual([...tables].sort());
    const named = [...[...map.owners.values()].flat(), ...[...map.columnOwners.values()].flat()];
    for (const file of new Set(named)) expect(fs.existsSync(path.join(SERVER, file)), file).toBe(true);
  });

  it('lets no repository write a table it does not own', () => {
    const found = ownershipViolations(map, repositories(), tables).map((v) => `${v.file}:${v.line} ${v.kind} ${v.table ?? '(a table not written out)'}`);
    expect(found, 'write through the owner\'s service or a port of its repository (docs/architecture.md, table ownership)').toEqual([]);
  });

  it('finds builder and raw-SQL writes, aliased or in a transaction, and refuses a table not written out', () => {
    const source = [
      "await trx.insertInto('swipes').values(v).execute();",
      "await this.db",
      "  .updateTable('users as u').set({ name }).execute();",
      "db.deleteFrom(\"push_devices\").where('id', '=', id);",
      "db.replaceInto('matches'); db.mergeInto('boosts as b');",
      "db.selectFrom('sessions').select('id'); db.insertInto(table).values(row);",
      "await sql`insert into feed_posts (id) values (${id}) on conflict (id) do update set id = excluded.id`.execute(db);",
      "await sql<{ n: number }>`UPDATE \"sessions\" SET revoked_at = ${now}`.execute(db);",
      "await sql`select id from users for update`.execute(db); await sql.raw('delete from notifications').execute(db);",
      "db.executeQuery(CompiledQuery.raw(\"INSERT OR IGNORE INTO job_runs (name) VALUES ('x')\"));",
    ].join('\n');
    const found = writesIn(source, ['swipes', 'users', 'push_devices', 'matches', 'boosts', 'sessions', 'feed_posts', 'notifications', 'job_runs']);
    expect(found.map((w) => `${w.line} ${w.kind} ${w.table}`)).toEqual([
      '1 insert swipes', '3 update users', '4 delete push_devices', '5 insert matches', '5 merge boosts', '6 insert null',
      '7 insert feed_posts', '8 update sessions', '9 delete notifications', '10 insert job_runs',
    ]);
  });

  it('fires on another repository\'s write, lets a column owner update only, and lets the owner do anything', () => {
    const fixture = ownershipMap([
      '| table | owner | column owners |',
      '|---|---|---|',
      '| `users` | `modules/auth/auth.repository.ts` | `modules/profile/profile.repository.ts` (profile fields) |',
      '| `push_devices` | `modules/devices/devices.repository.ts` |  |',
      '| `feed_posts` | `modules/feed/feed.repository.ts` with its writer `modules/feed/feed-writer.repository.ts` |  |',
    ].join('\n'));
    const files = new Map([
      ['modules/auth/auth.repository.ts', "db.insertInto('users'); db.deleteFrom('push_devices');"],
      ['modules/profile/profile.repository.ts', "db.updateTable('users');\ndb.deleteFrom('users');"],
      ['modules/devices/devices.repository.ts', "db.insertInto('push_devices'); db.deleteFrom('push_devices');"],
      ['modules/feed/feed.repository.ts', "db.insertInto('feed_posts');"],
      ['modules/feed/feed-writer.repository.ts', "db.updateTable('feed_posts');"],
      ['modules/chat/chat.repository.ts', "db.insertInto('feed_posts');"],
    ]);
    const found = ownershipViolations(fixture, files, ['users', 'push_devices', 'feed_posts']);
    expect(found.map((v) => `${v.file}:${v.line} ${v.kind} ${v.table}`)).toEqual([
      'modules/auth/auth.repository.ts:1 delete push_devices',
      'modules/profile/profile.repository.ts:2 delete users',
      'modules/chat/chat.repository.ts:1 insert feed_posts',
    ]);
    expect(() => ownershipMap('| `t` | `modules/a/a.repository.ts`, `modules/b/b.repository.ts` |  |')).toThrow(/one owner/);
  });
});
