import { randomInt } from 'node:crypto';
import { AUTH_MESSAGES, OTP_LENGTH, wrongCodeMessage, type OtpSent, type OtpStatus, type PhoneSignupStart } from '@linkup/contract';
import type { WhatsAppSender } from '../../adapters/whatsapp/whatsapp';
import type { Dispatch } from '../../lib/dispatch';
import type { Limiter } from '../../lib/limiter';
import { AppError, invalid, tooManyRequests } from '../../lib/http-errors';
import { normalizeMobile } from '../../lib/phone';
import { isoNow, type Clock } from '../../lib/clock';
import { addMs } from '../../lib/time';
import type { AuthEventsRepository } from './auth-events.repository';
import type { AuthRepository } from './auth.repository';
import type { ClientMeta } from '../../lib/session';
import { KNOWN_ADDRESS_MS, type AuthConfig, type AuthService } from './auth.service';
import type { OtpCodeRow, UserRow } from '../../db/schema';
import type { OtpRepository } from './otp.repository';
import { hashOtp, safeEqualHex } from './signed-token';

export interface OtpServiceDeps {
  otps: OtpRepository;
  users: AuthRepository;
  events: AuthEventsRepository;
  auth: AuthService;
  whatsapp: WhatsAppSender;
  dispatch: Dispatch;
  config: AuthConfig;
  secret: string;
  /** The one limiter (lib/limiter.ts): the codes sent, counted before each is sent. */
  limiter: Limiter;
  clock: Clock;
}

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** What a number-change code is bound to: the number and the member moving to it. */
const numberChangeBinding = (mobile: string, userId: string) => `${mobile}#change:${userId}`;

const wrongCode = () => invalid('otp_invalid', { otp: [AUTH_MESSAGES.invalidOtp] }, AUTH_MESSAGES.invalidOtp);

/**
 * A wrong code with the tries it has left ("That code isn't right — 3 tries left"); after its last
 * try the code is dead (`otp_locked`) and a new one may be sent at once (issue 32).
 */
function wrongTry(triesLeft: number): AppError {
  if (triesLeft <= 0) return tooManyRequests('otp_locked', AUTH_MESSAGES.otpLocked);
  const message = wrongCodeMessage(triesLeft);
  return new AppError(422, message, { code: 'otp_invalid', errors: { otp: [message] }, details: { tries_left: triesLeft } });
}

/** A member signed in with the code, or a number without an account on its way to the short sign-up (issue 32). */
export type CodeVerified = { token: string; user: UserRow } | PhoneSignupStart;

/** 6 digits from a CSPRNG. */
export function newOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
}

/**
 * Sign-in with a code sent by WhatsApp — and phone-first sign-up (issue 32): a number without an
 * account gets its code too, and the answers are the same for both until the code is verified, so
 * the endpoints cannot be used to find out who is a member.
 */
export class OtpService {
  constructor(private readonly deps: OtpServiceDeps) {}

  /** Sends a code, or answers with the live one while the resend cool-down runs. */
  async request(rawMobile: string, meta: ClientMeta): Promise<OtpSent> {
    const mobile = this.normalize(rawMobile);
    const live = await this.deps.otps.latestLive(mobile, isoNow(this.deps.clock));
    if (live && !this.resendAllowed(live)) {
      return this.sent(live.expires_at, live.last_sent_at);
    }
    return this.issue(mobile, meta);
  }

  /** A new code; refused (429) before the cool-down of the last one has passed. */
  async resend(rawMobile: string, meta: ClientMeta): Promise<OtpSent> {
    const mobile = this.normalize(rawMobile);
    const live = await this.deps.otps.latestLive(mobile, isoNow(this.deps.clock));
    if (live && !this.resendAllowed(live)) throw tooManyRequests('otp_cooldown', AUTH_MESSAGES.otpCooldown);
    return this.issue(mobile, meta);
  }

  async status(rawMobile: string): Promise<OtpStatus> {
    const mobile = this.normalize(rawMobile);
    const now = this.deps.clock.now().getTime();
    const live = await this.deps.otps.latestLive(mobile, new Date(now).toISOString());
    if (!live || live.attempts >= this.deps.config.otp.maxAttempts) return { exists: false, expires_in_seconds: 0 };
    return { exists: true, expires_in_seconds: Math.max(0, Math.floor((Date.parse(live.expires_at) - now) / 1000)) };
  }

  /**
   * Checks a code: single use, at most `maxAttempts` tries, then the code is dead. The member of
   * the number is signed in; a number without an account gets the short sign-up's token instead.
   */
  async verify(rawMobile: string, code: string, meta: ClientMeta): Promise<CodeVerified> {
    const { otps, users, auth, secret } = this.deps;
    const mobile = this.normalize(rawMobile);
    const now = isoNow(this.deps.clock);
    const { live, triesLeft } = await this.liveCodeForATry(mobile, now);
    if (!safeEqualHex(live.code_hash, hashOtp(secret, mobile, code))) throw wrongTry(triesLeft);
    if (!(await otps.consume(live.id, now))) throw wrongCode();
    const user = await users.findUserByMobile(mobile);
    if (!user) return auth.startPhoneSignup(mobile);
    await users.markPhoneVerified(user.id, now);
    await auth.recordSignIn(user, meta);
    return auth.startSession({ ...user, phone_verified_at: user.phone_verified_at ?? now }, meta);
  }

  /**
   * A code for a member moving their account to a new number (settings): sent although no account
   * has the number yet, under the same cool-down and caps as sign-in codes. The code is bound to
   * the member, so it signs nobody in and confirms no one else's change.
   */
  async requestNumberChange(userId: string, rawMobile: string, meta: ClientMeta): Promise<OtpSent & { mobile: string }> {
    const mobile = this.normalize(rawMobile);
    const live = await this.deps.otps.latestLive(mobile, isoNow(this.deps.clock));
    if (live && !this.resendAllowed(live)) throw tooManyRequests('otp_cooldown', AUTH_MESSAGES.otpCooldown);
    return { mobile, ...(await this.issue(mobile, meta, userId)) };
  }

  /** Checks and uses up a number-change code of this member; answers the normalized number. */
  async confirmNumberChange(userId: string, rawMobile: string, code: string): Promise<string> {
    const { otps, secret } = this.deps;
    const mobile = this.normalize(rawMobile);
    const { live, triesLeft } = await this.liveCodeForATry(mobile, isoNow(this.deps.clock));
    if (!safeEqualHex(live.code_hash, hashOtp(secret, numberChangeBinding(mobile, userId), code))) throw wrongTry(triesLeft);
    if (!(await otps.consume(live.id, isoNow(this.deps.clock)))) throw wrongCode();
    return mobile;
  }

  /**
   * The number's live code with this try counted on it *before* the code is compared (the code's
   * own row is its counter: its tries die with it): parallel guesses get at most `maxAttempts`
   * comparisons, and once they are used up even the right code is refused (`otp_locked`).
   */
  private async liveCodeForATry(mobile: string, now: string): Promise<{ live: OtpCodeRow; triesLeft: number }> {
    const { otps, config } = this.deps;
    const live = await otps.latestLive(mobile, now);
    if (!live) throw wrongCode();
    const counted = await otps.takeAttempt(live.id, config.otp.maxAttempts);
    if (counted === 'locked') throw tooManyRequests('otp_locked', AUTH_MESSAGES.otpLocked);
    if (counted === 'gone') throw wrongCode();
    return { live, triesLeft: config.otp.maxAttempts - counted.attempts };
  }

  /**
   * `changeFor`: the member changing to this number (the code is bound to them and always sent).
   *
   * Every cap is counted before the code is sent, narrowest first, and the first one over refuses
   * (`otp_limit`): the asking address's own caps (per hour and day, across numbers), then its caps
   * for this number, then — only for a stranger's address — the number's daily total. An address
   * the number's member signed in from (`KNOWN_ADDRESS_MS`) is never counted in that total, so
   * strangers can use it up but never the owner's codes (docs/decisions.md, "Codes for a number").
   */
  private async issue(mobile: string, meta: ClientMeta, changeFor?: string): Promise<OtpSent> {
    const { otps, events, whatsapp, dispatch, config, secret, limiter } = this.deps;
    const caps = config.otp;
    const now = isoNow(this.deps.clock);
    const known = await events.signedInFrom(mobile, meta.ip, addMs(now, -KNOWN_ADDRESS_MS));
    const counts: [string, number, number][] = [
      [`otp:ip:${meta.ip}`, caps.hourlyPerIp, HOUR],
      [`otp:ip:${meta.ip}`, caps.dailyPerIp, DAY],
      [`otp:number:${mobile}:ip:${meta.ip}`, caps.hourlyPerNumber, HOUR],
      [`otp:number:${mobile}:ip:${meta.ip}`, caps.dailyPerNumber, DAY],
      ...(known ? [] : [[`otp:number:${mobile}:strangers`, caps.dailyPerNumberTotal, DAY] as [string, number, number]]),
    ];
    for (const [key, max, windowMs] of counts) {
      if (!(await limiter.take(key, max, windowMs))) throw tooManyRequests('otp_limit', AUTH_MESSAGES.otpLimit);
    }

    const code = newOtpCode();
    const binding = changeFor ? numberChangeBinding(mobile, changeFor) : mobile;
    const row = await otps.replace({ mobile, codeHash: hashOtp(secret, binding, code), now, expiresAt: addMs(now, caps.ttlMs) });
    await events.record('otp_sent', mobile, meta.ip, now);
    // Sent whether or not the number has an account: the code proves the number (issue 32).
    await dispatch('one-time code', () => whatsapp.sendCode(mobile, code));
    return this.sent(row.expires_at, row.last_sent_at);
  }

  private sent(expiresAt: string, lastSentAt: string): OtpSent {
    return { expires_at: expiresAt, resend_available_at: addMs(lastSentAt, this.deps.config.otp.resendCooldownMs) };
  }

  /** After the cool-down — or at once when the live code's tries are used up (issue 32). */
  private resendAllowed(live: Pick<OtpCodeRow, 'last_sent_at' | 'attempts'>): boolean {
    return live.attempts >= this.deps.config.otp.maxAttempts || this.deps.clock.now().getTime() >= Date.parse(live.last_sent_at) + this.deps.config.otp.resendCooldownMs;
  }

  private normalize(raw: string): string {
    const mobile = normalizeMobile(raw, this.deps.config.defaultPhoneRegion);
    if (!mobile) throw invalid('mobile_invalid', { mobile: [AUTH_MESSAGES.invalidMobile] });
    return mobile;
  }

  /** Forgets codes that expired before `before`. */
  async prune(before: string): Promise<void> {
    await this.deps.otps.prune(before);
  }
}
