import type { FastifyInstance } from 'fastify';
import type { OutboxMessage } from '@linkup/contract';

/** Messages the dev outbox kept for a recipient, newest first, read through the real endpoint. */
export async function outboxFor(app: FastifyInstance, to: string): Promise<OutboxMessage[]> {
  const res = await app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  return res.json().data as OutboxMessage[];
}

export async function latestCode(app: FastifyInstance, mobile: string): Promise<string> {
  const [message] = await outboxFor(app, mobile);
  if (!message?.code) throw new Error(`no code in the outbox for ${mobile}`);
  return message.code;
}

export async function latestLink(app: FastifyInstance, to: string): Promise<URL> {
  const [message] = await outboxFor(app, to);
  if (!message?.link) throw new Error(`no link in the outbox for ${to}`);
  return new URL(message.link);
}
