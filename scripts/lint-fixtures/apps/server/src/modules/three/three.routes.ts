// Allowed: a route calling app.services.
declare const app: { services: { three: { list(): unknown[] } } };

export const threes = () => app.services.three.list();
