// Forbidden: a route taking app.deps by destructuring.
declare const app: { deps: { db: unknown } };

const { deps } = app;
export const database = deps.db;
