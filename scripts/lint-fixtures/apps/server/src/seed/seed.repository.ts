// Allowed: the demo seed's SQL, in its own repository.
interface Db { insertInto(table: string): { values(row: object): { execute(): Promise<void> } } }

export const insertDemoUser = (db: Db) => db.insertInto('users').values({ id: 'demo' }).execute();
