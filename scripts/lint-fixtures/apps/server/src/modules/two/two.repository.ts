// Allowed: SQL in a repository.
interface Db { selectFrom(table: string): { where(column: string, op: string, value: string): unknown } }

export class TwoRepository {
  constructor(private readonly db?: Db) {}

  find(id: string) {
    return this.db ? this.db.selectFrom('users').where('id', '=', id) : id;
  }
}
