// Allowed: sql, its helpers and raw queries in a repository.
import { sql } from 'kysely';

declare const db: { executeQuery(query: unknown): unknown };

export const wipe = () => db.executeQuery(sql.raw('delete from users'));
