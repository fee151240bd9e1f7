// Allowed: the demo seed writes its rows straight into the tables.
interface Db { insertInto(table: string): { values(row: object): { execute(): Promise<void> } } }

export const seedDemoData = (db: Db) => db.insertInto('users').values({ id: 'demo' }).execute();
