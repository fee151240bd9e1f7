import {
  AUTH_MESSAGES, MESSAGES_CHANNEL, MODERATION_MESSAGES, SETTINGS_MESSAGES, roomChannel, type AccountExport, type ChangeEmailBody, type ChangeMobileBody, type ChangePasswordBody,
  type ConfirmMobileBody, type CredentialChange, type MobileChangeCodeBody, type MobileCodeSent, type Settings, type VerificationExport,
} from '@linkup/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { deleteStoredPhoto } from '../../adapters/storage/photos';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { isUniqueViolation } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { invalid, type AppError } from '../../lib/http-errors';
import { normalizeEmail, normalizeMobile } from '../../lib/phone';
import { isoNow, type Clock } from '../../lib/clock';
import type { Realtime } from '../../lib/realtime';
import type { ClientMeta } from '../../lib/session';
import { isCommonPassword } from '../../lib/common-passwords';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { AccountRepository } from './account.repository';
import type { MemberEraser } from '../shared/member-erasure';
import { mobileOf } from '../shared/session-user.presenter';
import { presentExport } from './account.presenter';

/** What the account needs of the auth module's sign-in side (its AuthService). */
export interface AccountVerification {
  sendVerificationEmail(user: UserRow): Promise<void>;
  /** Tells the member, on the contact details they had before, that one of them or the password changed. */
  noticeCredentialChange(before: UserRow, change: CredentialChange): Promise<void>;
}

/** Codes that confirm a new mobile number (the auth module's OtpService). */
export interface NumberChangeCodes {
  requestNumberChange(userId: string, mobile: string, meta: ClientMeta): Promise<MobileCodeSent>;
  /** The confirmed number in E.164, or a 422 for a wrong or expired code. */
  confirmNumberChange(userId: string, mobile: string, code: string): Promise<string>;
}

/**
 * The member's credentials and sessions, written by their owner (the auth module's repository,
 * docs/architecture.md: table ownership), handed over by services.ts.
 */
export interface AccountCredentials {
  /** The new address waits for its verification link. */
  requestEmailChange(userId: string, email: string, now: string): Promise<void>;
  /** The number confirmed by its code becomes the member's; other accounts' claims on it end. */
  confirmMobile(userId: string, mobile: string, now: string): Promise<void>;
  /** The new hash, and every other session ended (with its device), in one transaction; answers how many ended. */
  changePassword(userId: string, passwordHash: string, keepSessionId: string, now: string): Promise<number>;
  revokeOtherSessions(userId: string, keepSessionId: string, now: string): Promise<number>;
}

export interface AccountServiceDeps {
  repo: AccountRepository;
  credentials: AccountCredentials;
  /**
   * Each module's part of deleting a member (its repository's `deleteForMember`), run in the
   * deletion's one transaction in this order: the member's row last.
   */
  eraseMember: readonly MemberEraser[];
  /** The member's settings as `GET /settings` shows them (the settings module's service). */
  settingsOf: (userId: string) => Promise<Settings>;
  auth: AccountVerification;
  otp: NumberChangeCodes;
  storage: PhotoStorage;
  realtime: () => Realtime;
  log: FastifyBaseLogger;
  clock: Clock;
  defaultPhoneRegion: Config['defaultPhoneRegion'];
  /** Whether a ban stands against a number or e-mail (issue 30): a member cannot move onto a banned one. */
  refusesIdentity?: (identity: { mobile: string | null; email: string | null }) => Promise<boolean>;
  /** Photo verification (issue 31): what the export lists of it, and its files to delete with the account. */
  verification?: { exported(userId: string): Promise<VerificationExport>; forget(userId: string): Promise<void> };
}

/** The signed-in member as the account calls see them: their row and this session. */
export interface AccountMember {
  user: UserRow;
  sessionId: string;
}

/**
 * The member's own account: contact details (re-verified), password, sessions, the data export
 * and deletion. Every change of a credential is confirmed with the current password or a code.
 */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  /**
   * Sends the verification link to the new address; the change takes effect when it is opened,
   * and the current address keeps working until then; the current address and the number are
   * told when it does (issue 32, AuthService.verifyEmail).
   */
  async changeEmail({ user }: AccountMember, body: ChangeEmailBody): Promise<UserRow> {
    const { repo, auth, credentials } = this.deps;
    await this.assertPassword(user, body.current_password, 'current_password');
    const email = normalizeEmail(body.email);
    if (email === user.email) throw invalid('email_unchanged', { email: [SETTINGS_MESSAGES.sameEmail] });
    if (await repo.takenByOther('email', email, user.id)) throw invalid('email_taken', { email: [AUTH_MESSAGES.emailTaken] });
    if (await this.deps.refusesIdentity?.({ mobile: null, email })) throw invalid('contact_refused', { email: [MODERATION_MESSAGES.registrationRefused] });
    const now = isoNow(this.deps.clock);
    try {
      await credentials.requestEmailChange(user.id, email, now);
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid('email_taken', { email: [AUTH_MESSAGES.emailTaken] });
      throw error;
    }
    const updated: UserRow = { ...user, pending_email: email, updated_at: now };
    await auth.sendVerificationEmail(updated);
    return updated;
  }

  /**
   * Sends a WhatsApp code to the new number once the current password is confirmed (the sign-in
   * codes' cool-down and caps apply). The code is bound to this member and number.
   */
  async requestMobileCode({ user }: AccountMember, body: MobileChangeCodeBody, meta: ClientMeta): Promise<MobileCodeSent> {
    await this.assertPassword(user, body.current_password, 'current_password');
    const normalized = this.normalizeMobile(body.mobile);
    await this.assertNewMobile(user, normalized);
    return this.deps.otp.requestNumberChange(user.id, normalized, meta);
  }

  /** Moves the account to the new number once its code is confirmed. */
  async changeMobile({ user }: AccountMember, body: ChangeMobileBody): Promise<UserRow> {
    const normalized = this.normalizeMobile(body.mobile);
    await this.assertNewMobile(user, normalized);
    const mobile = await this.deps.otp.confirmNumberChange(user.id, normalized, body.otp);
    const now = isoNow(this.deps.clock);
    try {
      await this.deps.credentials.confirmMobile(user.id, mobile, now);
    } catch (error) {
      if (isUniqueViolation(error)) throw invalid('mobile_taken', { mobile: [AUTH_MESSAGES.mobileTaken] });
      throw error;
    }
    await this.deps.auth.noticeCredentialChange(user, 'mobile');
    return { ...user, phone_number: mobile, pending_phone_number: null, phone_verified_at: now, updated_at: now };
  }

  /**
   * Sends another code to the number the member registered with (issue 27); the sign-in codes'
   * cool-down and caps apply. No password: it only ever goes to the number the account claims.
   */
  async resendMobileConfirmation({ user }: AccountMember, meta: ClientMeta): Promise<MobileCodeSent> {
    const pending = await this.pendingMobile(user);
    return this.deps.otp.requestNumberChange(user.id, pending, meta);
  }

  /**
   * Confirms the number registered with by the code sent to it: the number becomes the account's
   * (sign-in codes go here from now on) and every other account's unconfirmed claim on it ends.
   */
  async confirmMobile({ user }: AccountMember, body: ConfirmMobileBody): Promise<UserRow> {
    const pending = await this.pendingMobile(user);
    const mobile = await this.deps.otp.confirmNumberChange(user.id, pending, body.otp);
    const now = isoNow(this.deps.clock);
    try {
      await this.deps.credentials.confirmMobile(user.id, mobile, now);
    } catch (error) {
      if (isUniqueViolation(error)) throw this.claimedElsewhere();
      throw error;
    }
    return { ...user, phone_number: mobile, pending_phone_number: null, phone_verified_at: now, updated_at: now };
  }

  /** A new password (registration's rules); every other session of the member ends. */
  async changePassword({ user, sessionId }: AccountMember, body: ChangePasswordBody): Promise<number> {
    await this.assertPassword(user, body.current_password, 'current_password');
    if (isCommonPassword(body.password)) throw invalid('password_too_common', { password: [AUTH_MESSAGES.commonPassword] });
    if (body.password === body.current_password) throw invalid('password_unchanged', { password: [SETTINGS_MESSAGES.samePassword] });
    const revoked = await this.deps.credentials.changePassword(user.id, await hashPassword(body.password), sessionId, isoNow(this.deps.clock));
    this.deps.realtime().disconnectMember(user.id, { exceptSession: sessionId });
    await this.deps.auth.noticeCredentialChange(user, 'password');
    return revoked;
  }

  /** Ends every other session of the member, and their sockets with them. */
  async logoutOthers({ user, sessionId }: AccountMember): Promise<number> {
    const revoked = await this.deps.credentials.revokeOtherSessions(user.id, sessionId, isoNow(this.deps.clock));
    this.deps.realtime().disconnectMember(user.id, { exceptSession: sessionId });
    return revoked;
  }

  async exportData({ user, sessionId }: AccountMember): Promise<AccountExport> {
    const { repo, settingsOf, storage } = this.deps;
    const rooms = await repo.rooms(user.id);
    const subjects = [user.id, user.email, mobileOf(user)].filter((s): s is string => Boolean(s));
    const [
      settings, photos, interests, preferences, blocks, reports, visits, swipes, matches, subscriptions, messages, supportMessages,
      sessions, authEvents, feedPost, feedLikes, notifications,
    ] = await Promise.all([
      settingsOf(user.id), repo.photos(user.id), repo.interests(user.id), repo.preferences(user.id), repo.blocks(user.id),
      repo.reports(user.id), repo.visitsMade(user.id), repo.swipes(user.id), repo.matches(user.id), repo.subscriptions(user.id),
      repo.roomMessages(rooms.map((r) => r.room_id)), repo.supportMessages(user.id), repo.sessions(user.id), repo.authEvents(subjects),
      repo.feedPost(user.id), repo.feedLikes(user.id), repo.notifications(user.id),
    ]);
    const verification = await this.deps.verification?.exported(user.id);
    return { ...presentExport(storage, {
      user, currentSessionId: sessionId, settings, photos, interests, preferences, blocks, reports, visits, swipes, matches,
      subscriptions, rooms, messages, supportMessages, sessions, authEvents, feedPost, feedLikes, notifications, generatedAt: isoNow(this.deps.clock),
    }), ...(verification ? { verification } : {}) };
  }

  /**
   * Deletes the member for good: photo files first (a failure stops here, so a retry finds the
   * account intact), then every row in one transaction; then their live sockets are closed.
   */
  async deleteAccount({ user }: AccountMember, password: string | undefined): Promise<void> {
    const { repo, storage, realtime, log } = this.deps;
    await this.assertPassword(user, password, 'password');
    for (const key of await repo.photoKeys(user.id)) await deleteStoredPhoto(storage, key);
    await this.deps.verification?.forget(user.id);
    const [roomIds, partners] = await Promise.all([repo.roomIds(user.id), repo.roomPartners(user.id)]);
    await repo.deleteAccount({ id: user.id, email: user.email, phone_number: mobileOf(user) }, this.deps.eraseMember, isoNow(this.deps.clock));

    try {
      const rt = realtime();
      for (const roomId of roomIds) rt.toChannel(roomChannel(roomId), 'user.left', { channel: roomChannel(roomId), user_id: user.id });
      // Issue 29: each open chat of theirs shows the end, and their sockets leave the room.
      for (const { room_id: roomId, user_id: partnerId } of partners) {
        rt.toMembers([user.id, partnerId], 'room.closed', { channel: MESSAGES_CHANNEL, chat_room_id: roomId });
        await rt.removeFromChannel([partnerId], roomChannel(roomId));
      }
      rt.disconnectMember(user.id);
    } catch (err) {
      log.warn({ err }, 'could not close the sockets of a deleted account');
    }
  }

  /**
   * The current password confirms a change. An account without one (phone-first, issue 32) has
   * only its session, signed in with a WhatsApp code, and the notice to its number tells of each change.
   */
  private async assertPassword(user: UserRow, password: string | undefined, field: string): Promise<void> {
    if (user.password_hash === null) return;
    const ok = password !== undefined && (await verifyPassword(user.password_hash, password));
    if (!ok) throw invalid('password_wrong', { [field]: [SETTINGS_MESSAGES.wrongPassword] }, SETTINGS_MESSAGES.wrongPassword);
  }

  private normalizeMobile(raw: string): string {
    const mobile = normalizeMobile(raw, this.deps.defaultPhoneRegion);
    if (!mobile) throw invalid('mobile_invalid', { mobile: [AUTH_MESSAGES.invalidMobile] });
    return mobile;
  }

  /** The number waiting for its code; 422 when there is none (confirmed already, or confirmed by another account first). */
  private async pendingMobile(user: UserRow): Promise<string> {
    if (user.phone_number) throw invalid('mobile_already_confirmed', { otp: [AUTH_MESSAGES.mobileAlreadyConfirmed] }, AUTH_MESSAGES.mobileAlreadyConfirmed);
    const pending = user.pending_phone_number;
    if (!pending || (await this.deps.repo.takenByOther('phone_number', pending, user.id))) throw this.claimedElsewhere();
    return pending;
  }

  private claimedElsewhere(): AppError {
    return invalid('mobile_claimed', { mobile: [AUTH_MESSAGES.mobileClaimedElsewhere] }, AUTH_MESSAGES.mobileClaimedElsewhere);
  }

  private async assertNewMobile(user: UserRow, mobile: string): Promise<void> {
    if (mobile === user.phone_number) throw invalid('mobile_unchanged', { mobile: [SETTINGS_MESSAGES.sameMobile] });
    if (await this.deps.repo.takenByOther('phone_number', mobile, user.id)) throw invalid('mobile_taken', { mobile: [AUTH_MESSAGES.mobileTaken] });
    if (await this.deps.refusesIdentity?.({ mobile, email: null })) throw invalid('contact_refused', { mobile: [MODERATION_MESSAGES.registrationRefused] });
  }
}
