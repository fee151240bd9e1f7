import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The settings routes of the profiles issue (being built). */
export const settingsRoutes: FastifyPluginAsyncZod = async () => {};
