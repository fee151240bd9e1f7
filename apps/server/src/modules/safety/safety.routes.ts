import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The safety routes of the profiles issue (being built). */
export const safetyRoutes: FastifyPluginAsyncZod = async () => {};
