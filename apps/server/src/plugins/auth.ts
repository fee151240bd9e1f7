import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { keptReadsPossible, watchRowChanges } from '../db/row-changes';
import { Remembered, type KeptReads } from '../db/remembered';
import { unauthorized } from '../lib/http-errors';
import type { AuthenticatedMember } from '../lib/session';
import { bearerToken } from '../modules/auth/tokens';

/** How long a token's member is reused without asking the database again (see `SessionCache`). */
const SESSION_CACHE_MS = 10_000;
const SESSION_CACHE_SIZE = 10_000;

/**
 * The members of recently used bearer tokens, so a burst of requests (a conversation, the calls of
 * one page) looks the session up once. It is used only where every change of a session or member
 * row reaches it (`watchRowChanges`: one SQLite process, or PostgreSQL), which drops the entries of
 * a revoked or changed session and of a changed or deleted member before the next request reads
 * them (on PostgreSQL, another process's change: once its notification arrives). The time
 * limit bounds what no row change announces: a session passing its expiry, and the periodic
 * last-used stamp, which the full look-up writes.
 */
class SessionCache implements KeptReads {
  /** Each member kept with their id, so a row change forgets every token of theirs. */
  readonly #remembered = new Remembered<AuthenticatedMember>(SESSION_CACHE_SIZE);

  get(token: string, now: number): AuthenticatedMember | undefined {
    return this.#remembered.peek(token, now);
  }

  /** Runs `lookUp` and keeps its answer unless a session or member changed meanwhile. */
  async remember(token: string, now: number, lookUp: () => Promise<AuthenticatedMember | null>): Promise<AuthenticatedMember | null> {
    const mark = this.#remembered.mark();
    const member = await lookUp();
    if (member) {
      const until = Math.min(now + SESSION_CACHE_MS, Date.parse(member.sessionExpiresAt));
      this.#remembered.keep(mark, token, member, 0, until, [member.user.id]);
    }
    return member;
  }

  /** Forgets every token of a member whose row or one of whose sessions changed. */
  forgetMember(userId: string): void {
    this.#remembered.forgetWith(userId);
  }

  suspend(): void {
    this.#remembered.suspend();
  }

  resume(): void {
    this.#remembered.resume();
  }
}

/**
 * Bearer-token sessions: `app.authenticate` as a preHandler puts the member on
 * `request.member` or answers 401 (which the client treats as "log out").
 */
export const authPlugin = fp(async (app) => {
  // Expiries are of the services' clock (the sessions' own time), and so is the cache's window.
  const { config, db, dialect, clock } = app.deps;
  const { auth } = app.services;
  const cache = new SessionCache();
  const cached = keptReadsPossible(dialect, config.redisUrl) && watchRowChanges(db, [
    { table: 'sessions', report: { user_id: 'member' } },
    { table: 'users', report: { id: 'member' } },
  ], (_member, userId) => cache.forgetMember(userId), [cache]);

  const memberForToken = async (token: string): Promise<AuthenticatedMember | null> =>
    cached
      ? (cache.get(token, clock.now().getTime()) ?? (await cache.remember(token, clock.now().getTime(), () => auth.authenticate(token))))
      : auth.authenticate(token);

  app.decorate('memberForToken', memberForToken);
  app.decorateRequest('member', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request.headers.authorization);
    const member = token ? await memberForToken(token) : null;
    if (!member) throw unauthorized();
    // A suspended or banned member (issue 30) reaches only their standing, appeals, export,
    // deletion and logout; 423 (not 401/403) so the client keeps the session and shows the standing page.
    app.services.moderation.checkRestricted(member.user, request.method, request.routeOptions.url);
    request.member = member;
  });
});
