// Forbidden: a query builder taken out of the database by destructuring.
declare const db: { updateTable(table: string): unknown };

const { updateTable } = db;
export const touch = () => updateTable('users');
