import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The profile routes of the profiles issue (being built). */
export const profileRoutes: FastifyPluginAsyncZod = async () => {};
