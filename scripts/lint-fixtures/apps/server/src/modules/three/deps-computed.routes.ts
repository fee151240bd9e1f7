// Forbidden: a route reaching app.deps by a computed name.
declare const app: Record<string, { db: unknown }>;

export const database = app['deps']!.db;
