// Forbidden: importing sql or CompiledQuery (values) outside a repository; types are fine.
import { CompiledQuery } from 'kysely';
import type { Kysely } from 'kysely';

export type Database = Kysely<Record<string, never>>;
export const kind = typeof CompiledQuery;
