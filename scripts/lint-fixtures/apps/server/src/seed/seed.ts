// Forbidden: SQL in the seed outside its repository (seed.repository.ts).
interface Db { insertInto(table: string): { values(row: object): { execute(): Promise<void> } } }

export const seedDemoData = (db: Db) => db.insertInto('users').values({ id: 'demo' }).execute();
