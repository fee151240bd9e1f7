import type { UserRow } from '../db/schema';

/** Where a request came from, as auth events and sessions record it. */
export interface ClientMeta {
  ip: string;
  userAgent: string | null;
}

/** The member a verified bearer token signs in, and which of their sessions it is. */
export interface AuthenticatedMember {
  user: UserRow;
  sessionId: string;
  /** When the session ends by itself (ISO-8601): its sockets are closed then. */
  sessionExpiresAt: string;
}
