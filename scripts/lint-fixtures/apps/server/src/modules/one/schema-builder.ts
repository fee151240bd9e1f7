// Forbidden: the schema builder outside db/ (two reports: db.schema, dropTable).
declare const db: { schema: { dropTable(table: string): unknown } };

export const drop = () => db.schema.dropTable('users');
