import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The help routes of the profiles issue (being built). */
export const helpRoutes: FastifyPluginAsyncZod = async () => {};
