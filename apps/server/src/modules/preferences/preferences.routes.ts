import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The preferences routes of the profiles issue (being built). */
export const preferencesRoutes: FastifyPluginAsyncZod = async () => {};
