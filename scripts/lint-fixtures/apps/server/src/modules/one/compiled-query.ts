// Forbidden: a raw compiled query run outside a repository (two reports: executeQuery, CompiledQuery).
declare const db: { executeQuery(query: unknown): unknown };
declare const CompiledQuery: { raw(text: string): unknown };

export const wipe = () => db.executeQuery(CompiledQuery.raw('delete from users'));
