// Forbidden: sql's helpers (sql.raw) outside a repository.
declare const sql: { raw(text: string): unknown };

export const everyone = sql.raw('select * from users');
