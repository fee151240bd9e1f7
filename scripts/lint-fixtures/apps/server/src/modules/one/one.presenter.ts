// Forbidden: SQL outside a repository.
interface Db { selectFrom(table: string): { where(column: string, op: string, value: string): unknown } }

export const onePresenter = (db: Db, id: string) => db.selectFrom('users').where('id', '=', id);
