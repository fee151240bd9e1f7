import fp from 'fastify-plugin';

/** Whether a route (its pattern as registered, e.g. `/api/users/:id`) belongs to the API. */
const isApiRoute = (route: string) => route === '/api' || route.startsWith('/api/');

/**
 * API answers carry the member's own data (contacts, messages): no browser or proxy may keep them,
 * so none can be read from a cache after sign-out. Decided by the route that answered — a path
 * spelled `/%61pi/…` reaches the same `/api/…` route — and for answers no route matched (404s),
 * errors included. A route that sets its own Cache-Control (health) keeps it when it succeeds.
 */
export const cacheControlPlugin = fp(async (app) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const route = request.routeOptions.url;
    if (route !== undefined && !isApiRoute(route)) return payload;
    if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
});
