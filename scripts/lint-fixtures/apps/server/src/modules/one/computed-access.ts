// Forbidden: a query builder reached by a computed name.
declare const db: Record<string, (table: string) => unknown>;

export const wipe = () => db['deleteFrom']!('users');
