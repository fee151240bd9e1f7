/** True for a unique-constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * The status a database error stands for when it reaches the error handler: a value the database
 * would not take (PostgreSQL's data exceptions, class 22: a NUL byte, bad encoding, out of range;
 * SQLite's too big or mismatched) is the client's 422, a lost race on a unique key a 409, a busy or
 * unreachable database a 503. Anything else stays a 500 (a bug). Validation should have refused
 * the value first; this keeps a database error from ever being a client's 500.
 */
export function databaseErrorStatus(error: unknown): 422 | 409 | 503 | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return undefined;
  if (/^22[0-9A-Z]{3}$/.test(code) || code === 'SQLITE_TOOBIG' || code === 'SQLITE_MISMATCH' || code === 'SQLITE_RANGE') return 422;
  if (isUniqueViolation(error)) return 409;
  if (/^(08|53|57P)/.test(code) || code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED' || code === 'ECONNREFUSED') return 503;
  return undefined;
}
