import type { FastifyBaseLogger } from 'fastify';

/**
 * Runs a delivery (WhatsApp, e-mail). In production it runs after the response so that how long
 * a request takes never tells whether an account exists; with the dev outbox it completes before
 * the response, so developers and tests find the message at once.
 */
export type Dispatch = (what: string, task: () => Promise<void>) => Promise<void>;

export function createDispatch(options: { background: boolean; log: FastifyBaseLogger }): Dispatch {
  return async (what, task) => {
    const run = task().catch((err: unknown) => {
      options.log.error({ err, what }, 'delivery failed');
      if (!options.background) throw err;
    });
    if (!options.background) await run;
  };
}
