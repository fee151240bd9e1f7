import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The account routes of the profiles issue (being built). */
export const accountRoutes: FastifyPluginAsyncZod = async () => {};
