import type { Notifier } from '../shared/notifier';
import {
  AUTH_MESSAGES, MODERATION_MESSAGES, credentialChangeNotice, loginLockedMessage, type CredentialChange, type LoginBody, type PhoneRegisterBody,
  type PhoneSignupStart, type RegisterBody,
} from '@linkup/contract';
import type { Config } from '../../config';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import type { MailSender } from '../../adapters/mail/mail';
import type { WhatsAppSender } from '../../adapters/whatsapp/whatsapp';
import type { Dispatch } from '../../lib/dispatch';
import type { Limiter } from '../../lib/limiter';
import { AppError, invalid, tooManyRequests } from '../../lib/http-errors';
import { newId } from '../../lib/ids';
import { normalizeEmail, normalizeMobile } from '../../lib/phone';
import type { Realtime } from '../../lib/realtime';
import type { AuthenticatedMember, ClientMeta } from '../../lib/session';
import { isoNow, type Clock } from '../../lib/clock';
import { addMs } from '../../lib/time';
import type { AuthEventsRepository } from './auth-events.repository';
import type { AuthRepository } from './auth.repository';
import { isCommonPassword } from '../../lib/common-passwords';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../../lib/password';
import { signToken, verifySignedToken } from './signed-token';
import { hashToken, newSessionToken } from './tokens';


export type AuthConfig = Pick<
  Config,
  'sessionTtlMs' | 'defaultPhoneRegion' | 'publicUrl' | 'loginFailureLimit' | 'emailVerificationTtlMs' | 'passwordResetTtlMs' | 'otp' | 'support'
>;

export interface AuthServiceDeps {
  repo: AuthRepository;
  events: AuthEventsRepository;
  mail: MailSender;
  whatsapp: WhatsAppSender;
  dispatch: Dispatch;
  config: AuthConfig;
  secret: string;
  /** Closes the sockets of a session that ended (docs/decisions.md, "Sessions end their sockets"). */
  realtime: () => Realtime;
  /** Tells a new member welcome (their inbox's first item). */
  notifier: Notifier;
  /** The one limiter (lib/limiter.ts): sign-in attempts and reset links are counted before the work. */
  limiter: Limiter;
  /**
   * Sends the code that confirms a new member's number, bound to them (the OtpService's
   * number-confirmation codes; a function because that service is built after this one).
   */
  mobileCodes: () => MobileConfirmationCodes;
  /** Whether a ban stands against this number or e-mail (issue 30: moderation keeps it as an HMAC). */
  refusesIdentity?: (identity: { mobile: string | null; email: string | null }) => Promise<boolean>;
  /** The time sessions, links and events are stamped and checked with (tests move it). */
  clock: Clock;
}

/** The code a member confirms their number with (the auth module's OtpService). */
export interface MobileConfirmationCodes {
  requestNumberChange(userId: string, mobile: string, meta: ClientMeta): Promise<unknown>;
}

/** Only write last-used stamps this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** An IP may fail this many times the per-account limit before it is locked out. */
const IP_FAILURE_FACTOR = 5;
const RESET_REQUESTS_PER_HOUR = 5;
const HOUR_MS = 60 * 60 * 1000;
/**
 * How long an address a member signed in from stays known to their number: codes it asks for
 * are counted apart from strangers' (OtpService `issue`).
 */
export const KNOWN_ADDRESS_MS = 30 * 24 * HOUR_MS;
const VERIFY_EMAIL_PURPOSE = 'verify-email';
/** How long a new number's sign-up token lives after its code (issue 32): the short sign-up's few fields. */
export const PHONE_SIGNUP_TTL_MS = 15 * 60 * 1000;

export const INVALID_CREDENTIALS = AUTH_MESSAGES.invalidCredentials;

/** Sign-in, registration, sessions, e-mail verification and password resets. */
export class AuthService {
  constructor(private readonly deps: AuthServiceDeps) {}

  /**
   * Password sign-in by e-mail or mobile. The same answer, status and timing whether or not the
   * account exists; attempts are capped per account — one lock-out whichever of its identifiers,
   * in whichever spelling, is guessed at (per identifier when no account has it) — and per IP.
   * Each attempt is counted before its password is checked, so however many arrive at once at
   * most `loginFailureLimit` are checked; a success gives its attempts back, so a member's own
   * sign-ins never lock them out.
   */
  async login(input: LoginBody, meta: ClientMeta) {
    const { repo, events, config, limiter } = this.deps;
    const subject = this.loginSubject(input);
    const user = input.email !== undefined ? await repo.findUserByEmail(subject) : await repo.findUserByMobile(subject);
    const lockKey = user?.id ?? subject;
    const [accountKey, ipKey] = [`login:account:${lockKey}`, `login:ip:${meta.ip}`];
    // The address first: a locked-out address spends nothing of the account's allowance.
    const byIp = await limiter.use(ipKey, config.loginFailureLimit * IP_FAILURE_FACTOR, LOGIN_WINDOW_MS);
    const refused = byIp.allowed ? await limiter.use(accountKey, config.loginFailureLimit, LOGIN_WINDOW_MS) : byIp;
    if (!refused.allowed) {
      // How long, and what else works (issue 32): the client says it from `retry_after`.
      const retryAfter = Math.max(1, Math.ceil((Date.parse(refused.resetsAt) - this.deps.clock.now().getTime()) / 1000));
      throw tooManyRequests('login_locked', loginLockedMessage(retryAfter / 60), { retry_after: retryAfter });
    }

    const ok = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), input.password);
    if (!user || !user.password_hash || !ok) {
      await events.record('login_failed', lockKey, meta.ip, isoNow(this.deps.clock));
      throw new AppError(401, INVALID_CREDENTIALS, { code: 'invalid_credentials' });
    }
    await Promise.all([limiter.reset(accountKey, LOGIN_WINDOW_MS), limiter.giveBack(ipKey, LOGIN_WINDOW_MS)]);
    await events.clearSubject('login_failed', lockKey);
    await this.recordSignIn(user, meta);
    return this.startSession(user, meta);
  }

  async register(input: RegisterBody, meta: ClientMeta) {
    const { repo, config } = this.deps;
    const mobile = normalizeMobile(input.mobile, config.defaultPhoneRegion);
    const email = normalizeEmail(input.email);
    const errors: Record<string, string[]> = {};
    if (!mobile) errors.mobile = [AUTH_MESSAGES.invalidMobile];
    if (isCommonPassword(input.password)) errors.password = [AUTH_MESSAGES.commonPassword];
    if (await repo.findUserByEmail(email)) errors.email = [AUTH_MESSAGES.emailTaken];
    // Only a confirmed number is taken: a claim nobody confirmed never blocks the number's owner (issue 27).
    if (mobile && (await repo.findUserByMobile(mobile))) errors.mobile = [AUTH_MESSAGES.mobileTaken];
    if (Object.keys(errors).length > 0 || !mobile) throw invalid('registration_invalid', errors);
    if (await this.deps.refusesIdentity?.({ mobile, email })) {
      throw new AppError(403, MODERATION_MESSAGES.registrationRefused, { code: 'registration_refused' });
    }

    const user = this.newMember({
      name: input.name, email, phone_number: null, pending_phone_number: mobile, phone_verified_at: null,
      password_hash: await hashPassword(input.password), date_of_birth: input.date_of_birth, gender: input.gender,
    }, isoNow(this.deps.clock));
    try {
      await repo.createUser(user);
    } catch (error) {
      // Two registrations raced for the same address or number.
      if (isUniqueViolation(error)) throw invalid('email_taken', { email: [AUTH_MESSAGES.emailTaken] });
      throw error;
    }
    await this.sendVerificationEmail(user);
    await this.sendMobileConfirmation(user.id, mobile, meta);
    await this.deps.notifier.notify({ userId: user.id, type: 'welcome' });
    return this.startSession(user, meta);
  }

  /** A number proved with its code has no account yet: the short sign-up's single-use token (issue 32). */
  async startPhoneSignup(mobile: string): Promise<PhoneSignupStart> {
    const token = newSessionToken();
    const now = isoNow(this.deps.clock);
    const expiresAt = addMs(now, PHONE_SIGNUP_TTL_MS);
    await this.deps.repo.createPhoneSignup({ mobile, tokenHash: hashToken(token), now, expiresAt });
    return { signup_token: token, signup_expires_at: expiresAt, mobile };
  }

  /**
   * Phone-first registration (issue 32): the number proved by its code (the sign-up token, spent
   * here once) is the account's, confirmed; e-mail and password are optional. The fields are checked
   * before the token is spent, so a taken e-mail can be corrected with the same token.
   */
  async registerByPhone(input: PhoneRegisterBody, meta: ClientMeta) {
    const { repo } = this.deps;
    const now = isoNow(this.deps.clock);
    const signup = await repo.findLivePhoneSignup(hashToken(input.signup_token), now);
    const expired = () => invalid('signup_invalid', { signup_token: [AUTH_MESSAGES.signupInvalid] }, AUTH_MESSAGES.signupInvalid);
    if (!signup) throw expired();
    const mobile = signup.phone_number;
    const email = input.email !== undefined ? normalizeEmail(input.email) : null;
    const errors: Record<string, string[]> = {};
    if (input.password !== undefined && isCommonPassword(input.password)) errors.password = [AUTH_MESSAGES.commonPassword];
    if (email && (await repo.findUserByEmail(email))) errors.email = [AUTH_MESSAGES.emailTaken];
    if (await repo.findUserByMobile(mobile)) errors.mobile = [AUTH_MESSAGES.mobileTaken];
    if (Object.keys(errors).length > 0) throw invalid('registration_invalid', errors);
    if (await this.deps.refusesIdentity?.({ mobile, email })) {
      throw new AppError(403, MODERATION_MESSAGES.registrationRefused, { code: 'registration_refused' });
    }
    const user = this.newMember({
      name: input.name, email, phone_number: mobile, pending_phone_number: null, phone_verified_at: now,
      password_hash: input.password !== undefined ? await hashPassword(input.password) : null,
      date_of_birth: input.date_of_birth, gender: input.gender,
    }, now);
    try {
      if (!(await repo.createUserFromPhoneSignup(signup.id, { ...user, phone_number: mobile }, now))) throw expired();
    } catch (error) {
      // Another registration took the e-mail or the number meanwhile.
      if (isUniqueViolation(error)) throw invalid('registration_invalid', { email: [AUTH_MESSAGES.emailTaken] });
      throw error;
    }
    await this.sendVerificationEmail(user);
    await this.deps.notifier.notify({ userId: user.id, type: 'welcome' });
    await this.recordSignIn(user, meta);
    return this.startSession(user, meta);
  }

  /** A new member's row: what registration asked, the rest empty until onboarding. */
  private newMember(
    fields: Pick<UserRow, 'name' | 'email' | 'phone_number' | 'pending_phone_number' | 'phone_verified_at' | 'password_hash' | 'date_of_birth' | 'gender'>,
    now: string,
  ): UserRow & { profile_completed: false; is_demo: false } {
    return {
      id: newId(), ...fields, name: fields.name.trim(), pending_email: null, about: null, city: null, province: null, location_cell: null,
      marital_status: null, body_type: null, relationship_type: null, how_often_drink: null, love_language: null,
      height_cm: null, job_title: null, education: null, profile_completed: false, onboarding_completed_at: null,
      email_verified_at: null, verified_at: null, is_demo: false, last_active_at: now, created_at: now, updated_at: now,
      restriction: null, restricted_until: null,
    };
  }

  /**
   * The WhatsApp code that confirms the number registered with. A cool-down, a cap or an outage
   * only delays it: the account exists, and its confirm step sends another.
   */
  private async sendMobileConfirmation(userId: string, mobile: string, meta: ClientMeta): Promise<void> {
    try {
      await this.deps.mobileCodes().requestNumberChange(userId, mobile, meta);
    } catch (error) {
      if (!(error instanceof AppError && (error.status === 429 || error.status === 503))) throw error;
    }
  }

  /** Issues a fresh token (never reused across sign-ins) and stores only its hash. */
  async startSession(user: UserRow, meta: ClientMeta): Promise<{ token: string; user: UserRow }> {
    const token = newSessionToken();
    const now = isoNow(this.deps.clock);
    await this.deps.repo.createSession({
      userId: user.id,
      tokenHash: hashToken(token),
      now,
      expiresAt: addMs(now, this.deps.config.sessionTtlMs),
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      ip: meta.ip,
    });
    return { token, user };
  }

  /** A member signed in (password or code): this address becomes known to their number (codes, `KNOWN_ADDRESS_MS`). */
  async recordSignIn(user: Pick<UserRow, 'phone_number'>, meta: ClientMeta): Promise<void> {
    if (user.phone_number) await this.deps.events.record('signed_in', user.phone_number, meta.ip, isoNow(this.deps.clock));
  }

  /** The member behind a bearer token, or null for an unknown, revoked or expired one. */
  async authenticate(token: string): Promise<AuthenticatedMember | null> {
    const now = isoNow(this.deps.clock);
    const found = await this.deps.repo.findLiveSession(hashToken(token), now);
    if (!found) return null;
    if (Date.parse(now) - Date.parse(found.session.last_used_at) > TOUCH_INTERVAL_MS) {
      await this.deps.repo.touchSession(found.session.id, found.user.id, now);
    }
    return { user: found.user, sessionId: found.session.id, sessionExpiresAt: found.session.expires_at };
  }

  /**
   * Forgets auth events older than `before`, except sign-ins, which make their address known to
   * the member's number for `KNOWN_ADDRESS_MS`; and phone sign-ups that expired before it.
   */
  async pruneEvents(before: string): Promise<void> {
    await this.deps.events.prune(before, addMs(isoNow(this.deps.clock), -KNOWN_ADDRESS_MS));
    await this.deps.repo.prunePhoneSignups(before);
  }

  /** Ends this session and, at once, every socket opened with it (on every process). */
  async logout(sessionId: string): Promise<void> {
    await this.deps.repo.revokeSession(sessionId, isoNow(this.deps.clock));
    this.deps.realtime().endSession(sessionId);
  }

  // ── e-mail verification ──

  /** The link that verifies the account's new address (a change waiting for it, issue 32), else its address. */
  async sendVerificationEmail(user: UserRow): Promise<void> {
    const email = user.pending_email ?? user.email;
    if (!email) return;
    const { config, secret, mail, dispatch } = this.deps;
    const token = signToken(secret, VERIFY_EMAIL_PURPOSE, {
      u: user.id, e: email, x: this.deps.clock.now().getTime() + config.emailVerificationTtlMs,
    });
    const link = `${config.publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
    const hours = Math.round(config.emailVerificationTtlMs / 3_600_000);
    await dispatch('verification e-mail', () =>
      mail.send({
        to: email,
        subject: 'Verify your e-mail address for LinkUp',
        text: `Hi ${user.name},\n\nPlease confirm that this is your e-mail address by opening this link:\n${link}\n\nThe link works for ${hours} hours. If you did not join LinkUp, you can ignore this message.\n\n— LinkUp`,
        link,
      }),
    );
  }

  /** Once per cool-down (the codes' one): a window begins at the resend it allows, counted before it is sent. */
  async resendVerificationEmail(user: UserRow, meta: ClientMeta): Promise<void> {
    const { events, config, limiter } = this.deps;
    if (user.email_verified_at && !user.pending_email) throw invalid('email_already_verified', { email: [AUTH_MESSAGES.emailAlreadyVerified] }, AUTH_MESSAGES.emailAlreadyVerified);
    const coolDown = config.otp.resendCooldownMs;
    if (coolDown > 0 && !(await limiter.take(`verification-mail:${user.id}`, 1, coolDown))) throw tooManyRequests('otp_cooldown', AUTH_MESSAGES.otpCooldown);
    await events.record('verification_sent', user.id, meta.ip, isoNow(this.deps.clock));
    await this.sendVerificationEmail(user);
  }

  async verifyEmail(token: string): Promise<UserRow> {
    const { repo, secret } = this.deps;
    const payload = verifySignedToken(secret, VERIFY_EMAIL_PURPOSE, token);
    const fail = () => invalid('verification_link_invalid', { token: [AUTH_MESSAGES.verifyInvalid] }, AUTH_MESSAGES.verifyInvalid);
    if (!payload || typeof payload.u !== 'string' || typeof payload.e !== 'string' || typeof payload.x !== 'number') throw fail();
    if (payload.x < this.deps.clock.now().getTime()) throw fail();
    const user = await repo.findUserById(payload.u);
    if (user && user.pending_email === payload.e) {
      // A change of address takes effect now, once the new address is proved; the old one is told (issue 32).
      const now = isoNow(this.deps.clock);
      try {
        if (!(await repo.applyPendingEmail(user.id, payload.e, now))) throw fail();
      } catch (error) {
        if (isUniqueViolation(error)) throw invalid('email_taken', { email: [AUTH_MESSAGES.emailTaken] }, AUTH_MESSAGES.emailTaken);
        throw error;
      }
      await this.noticeCredentialChange(user, 'email');
      return { ...user, email: payload.e, pending_email: null, email_verified_at: now };
    }
    if (!user || user.email !== payload.e) throw fail();
    if (!user.email_verified_at) {
      const now = isoNow(this.deps.clock);
      await repo.markEmailVerified(user.id, payload.e, now);
      return { ...user, email_verified_at: now };
    }
    return user;
  }

  /**
   * Tells the member, on the e-mail address and the number the account had before (`before`), that
   * its e-mail address, mobile number or password just changed, with a link to support for "this
   * wasn't me". The change is done: a failed delivery is logged, never the caller's error.
   */
  async noticeCredentialChange(before: Pick<UserRow, 'name' | 'email' | 'phone_number'>, change: CredentialChange): Promise<void> {
    const { config, mail, whatsapp, dispatch } = this.deps;
    const notice = credentialChangeNotice(change, before.name);
    const link = `mailto:${config.support.email}?subject=${encodeURIComponent(notice.supportSubject)}`;
    const { email, phone_number: mobile } = before;
    await Promise.all([
      email && dispatch('credential change notice', () => mail.send({ to: email, subject: notice.subject, text: `${notice.text}\n\n${link}\n\n— LinkUp`, link })),
      mobile && dispatch('credential change notice', () => whatsapp.sendLink(mobile, notice.text, link)),
    ].map((delivery) => Promise.resolve(delivery).catch(() => undefined)));
  }

  // ── password reset ──

  /** Always the same answer; only a matching member gets a link, by the channel they named. */
  async requestPasswordReset(input: { email?: string; mobile?: string }, meta: ClientMeta): Promise<void> {
    const { repo, events, config, mail, whatsapp, dispatch, limiter } = this.deps;
    const byEmail = input.email !== undefined;
    const subject = byEmail ? normalizeEmail(input.email!) : normalizeMobile(input.mobile!, config.defaultPhoneRegion);
    if (!subject) throw invalid('mobile_invalid', { mobile: [AUTH_MESSAGES.invalidMobile] });

    if (!(await limiter.take(`reset:${subject}`, RESET_REQUESTS_PER_HOUR, HOUR_MS))) return;
    await events.record('reset_requested', subject, meta.ip, isoNow(this.deps.clock));

    const user = byEmail ? await repo.findUserByEmail(subject) : await repo.findUserByMobile(subject);
    const to = byEmail ? user?.email : user?.phone_number;
    if (!user || !to) return;
    const token = newSessionToken();
    const now = isoNow(this.deps.clock);
    await repo.createPasswordReset({ userId: user.id, tokenHash: hashToken(token), now, expiresAt: addMs(now, config.passwordResetTtlMs) });
    // The single-use token alone names the account: the link carries no number (issue 32 item 11).
    const link = `${config.publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
    const minutes = Math.round(config.passwordResetTtlMs / 60_000);
    const text = `Hi ${user.name}, someone asked to reset your LinkUp password. Open this link within ${minutes} minutes to choose a new one. If it was not you, ignore this message.`;
    await dispatch('password reset link', () =>
      byEmail
        ? mail.send({ to, subject: 'Reset your LinkUp password', text: `${text}\n\n${link}\n\n— LinkUp`, link })
        : whatsapp.sendLink(to, text, link),
    );
  }

  /** Ends every session of a member and closes their sockets at once (a suspension or ban, issue 30). */
  async endEverySession(userId: string): Promise<void> {
    await this.deps.repo.revokeAllSessions(userId, isoNow(this.deps.clock));
    this.deps.realtime().disconnectMember(userId);
  }

  /** Sets the new password, uses the token up and signs the member out everywhere. */
  async resetPassword(input: { token: string; password: string }): Promise<void> {
    const { repo } = this.deps;
    const fail = () => invalid('reset_link_invalid', { token: [AUTH_MESSAGES.resetInvalid] }, AUTH_MESSAGES.resetInvalid);
    const now = isoNow(this.deps.clock);
    const reset = await repo.findLivePasswordReset(hashToken(input.token), now);
    const user = reset ? await repo.findUserById(reset.user_id) : undefined;
    if (!reset || !user) throw fail();
    if (isCommonPassword(input.password)) throw invalid('password_too_common', { password: [AUTH_MESSAGES.commonPassword] });
    if (!(await repo.replacePassword(user.id, await hashPassword(input.password), reset.id, now))) throw fail();
    this.deps.realtime().disconnectMember(user.id);
    await this.noticeCredentialChange(user, 'password');
  }

  private loginSubject(input: { email?: string; mobile?: string }): string {
    if (input.email !== undefined) return normalizeEmail(input.email);
    const mobile = input.mobile !== undefined ? normalizeMobile(input.mobile, this.deps.config.defaultPhoneRegion) : null;
    if (!mobile) throw invalid('mobile_invalid', { mobile: [AUTH_MESSAGES.invalidMobile] });
    return mobile;
  }
}
