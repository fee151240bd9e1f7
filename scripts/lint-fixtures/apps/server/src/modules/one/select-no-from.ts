// Forbidden: selectNoFrom outside a repository.
declare const db: { selectNoFrom(expression: unknown): unknown };

export const one = () => db.selectNoFrom('1');
