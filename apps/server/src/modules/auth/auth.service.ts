import type { Config } from '../../config';
import type { UserRow } from '../../db/schema';
import { AppError, invalid } from '../../lib/http-errors';
import { normalizeEmail, normalizeMobile } from '../../lib/phone';
import { addMs, nowIso } from '../../lib/time';
import { type AuthRepository } from './auth.repository';
import { decoyPasswordHash, verifyPassword } from './password';
import { hashToken, newSessionToken } from './tokens';

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface AuthenticatedMember {
  user: UserRow;
  sessionId: string;
}

/** Only write last-used stamps this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

export const INVALID_CREDENTIALS = 'These credentials do not match our records.';

export class AuthService {
  constructor(
    private readonly repo: AuthRepository,
    private readonly config: Pick<Config, 'sessionTtlMs' | 'defaultPhoneRegion'>,
  ) {}

  /** Password sign-in by e-mail or mobile. The same answer and timing whether or not the account exists. */
  async login(input: { email?: string; mobile?: string; password: string }, meta: ClientMeta) {
    const user = await this.findByIdentifier(input);
    const passwordHash = user?.password_hash ?? (await decoyPasswordHash());
    const ok = await verifyPassword(passwordHash, input.password);
    if (!user || !user.password_hash || !ok) throw new AppError(401, INVALID_CREDENTIALS);
    return this.startSession(user, meta);
  }

  /** Issues a fresh token (never reused across sign-ins) and stores only its hash. */
  async startSession(user: UserRow, meta: ClientMeta): Promise<{ token: string; user: UserRow }> {
    const token = newSessionToken();
    await this.repo.createSession({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: addMs(nowIso(), this.config.sessionTtlMs),
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip,
    });
    return { token, user };
  }

  /** The member behind a bearer token, or null for an unknown, revoked or expired one. */
  async authenticate(token: string): Promise<AuthenticatedMember | null> {
    const now = nowIso();
    const found = await this.repo.findLiveSession(hashToken(token), now);
    if (!found) return null;
    if (Date.parse(now) - Date.parse(found.session.last_used_at) > TOUCH_INTERVAL_MS) {
      await this.repo.touchSession(found.session.id, found.user.id, now);
    }
    return { user: found.user, sessionId: found.session.id };
  }

  async logout(sessionId: string): Promise<void> {
    await this.repo.revokeSession(sessionId, nowIso());
  }

  private async findByIdentifier(input: { email?: string; mobile?: string }): Promise<UserRow | undefined> {
    if (input.email !== undefined) return this.repo.findUserByEmail(normalizeEmail(input.email));
    if (input.mobile !== undefined) {
      const mobile = normalizeMobile(input.mobile, this.config.defaultPhoneRegion);
      if (!mobile) throw invalid({ mobile: ['Enter a valid mobile number.'] });
      return this.repo.findUserByMobile(mobile);
    }
    throw invalid({ email: ['Enter your e-mail address or mobile number.'] });
  }
}

