import { z } from 'zod';
import { AUTH_MESSAGES } from '../errors';
import { AGE_LIMITS, FIELD_LIMITS } from '../constants';
import { GENDERS } from '../vocabularies';
import { IdSchema, TimestampSchema, lineText } from './common';

/** Spec §3 user as the session keeps it. */
export const SessionUserSchema = z.object({
  id: IdSchema,
  name: z.string(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  profile_completed: z.boolean(),
  onboarding_completed_at: TimestampSchema.nullable(),
  email_verified_at: TimestampSchema.nullable().optional(),
  /**
   * Whether `phone_number` is confirmed with a WhatsApp code (issue 27). The server always says; a
   * session stored before the field existed leaves it out (read as confirmed until `GET /auth/user`).
   */
  phone_verified: z.boolean().optional(),
  /** A new e-mail address waiting for its verification link; `email` stays until it is verified (issue 32). */
  pending_email: z.string().nullable().optional(),
  /**
   * Whether the account has a password (issue 32: a phone-first account may have none; its
   * settings ask for no current password, and offer to add one). Read as true when left out.
   */
  has_password: z.boolean().optional(),
  /** Whether premium covers now, and until when (`GET /auth/user` always says; other answers may leave them out). */
  is_premium: z.boolean().optional(),
  premium_until: TimestampSchema.nullable().optional(),
  avatar_url: z.string().nullable().optional(),
  /** Staff roles ('moderator', 'admin'; issue 30); `GET /auth/user` always says, other answers may leave it out (read as none). */
  roles: z.array(z.string()).optional(),
  /** Whether the account is suspended or banned: the app shows only the standing page (issue 30). */
  restricted: z.boolean().optional(),
});
export type SessionUser = z.infer<typeof SessionUserSchema>;

/** Spec §3 session, kept in local storage: token plus user. */
export const SessionSchema = z.object({ token: z.string().min(1), user: SessionUserSchema });
export type Session = z.infer<typeof SessionSchema>;

/**
 * The reset-password link's parameter: its token. Spec §3 also lists `mobile`; the link carries no
 * number (issue 32 item 11, docs/decisions.md): the single-use token alone names the account.
 */
export const ResetPasswordLinkParamsSchema = z.object({
  token: lineText().min(1),
});
export type ResetPasswordLinkParams = z.infer<typeof ResetPasswordLinkParamsSchema>;


// ── Request bodies of spec §7 "Auth" (shared by the server's validation and the web forms) ──

const emailField = lineText({ error: 'Enter your e-mail address.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Enter a valid e-mail address.' }).max(FIELD_LIMITS.emailMax));
const mobileField = lineText({ error: 'Enter your mobile number.' })
  .trim()
  .min(5, { error: AUTH_MESSAGES.invalidMobile })
  .max(FIELD_LIMITS.mobileMax, { error: AUTH_MESSAGES.invalidMobile });
/** New passwords: 8–128 characters (the server also refuses common ones). */
export const NewPasswordSchema = lineText({ error: 'Choose a password.' })
  .min(FIELD_LIMITS.passwordMin, { error: `Use at least ${FIELD_LIMITS.passwordMin} characters.` })
  .max(FIELD_LIMITS.passwordMax, { error: `Use at most ${FIELD_LIMITS.passwordMax} characters.` });
export const OtpCodeSchema = z
  .string({ error: 'Enter the 6-digit code.' })
  .trim()
  .regex(/^\d{6}$/, { error: 'Enter the 6-digit code.' });

export const MobileBodySchema = z.object({ mobile: mobileField });
export type MobileBody = z.infer<typeof MobileBodySchema>;

export const VerifyOtpBodySchema = z.object({ mobile: mobileField, otp: OtpCodeSchema });
export type VerifyOtpBody = z.infer<typeof VerifyOtpBodySchema>;

export const LoginBodySchema = z
  .object({
    email: emailField.optional(),
    mobile: mobileField.optional(),
    password: lineText({ error: 'Enter your password.' }).min(1, { error: 'Enter your password.' }).max(FIELD_LIMITS.passwordMax),
  })
  .refine((b) => b.email !== undefined || b.mobile !== undefined, {
    error: 'Enter your e-mail address or mobile number.',
    path: ['email'],
  });
export type LoginBody = z.infer<typeof LoginBodySchema>;

/** YYYY-MM-DD of a person at least 18 today. */
export function isAdultBirthDate(value: string, today: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d)) age -= 1;
  return age >= AGE_LIMITS.min && age <= 120;
}

/**
 * "The passwords do not match." as soon as both passwords are there, even while other fields are
 * still wrong (a form checks each field as the member leaves it; issue 17).
 */
const passwordsMatch = {
  error: 'The passwords do not match.',
  path: ['password_confirmation'],
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; password_confirmation?: unknown } | null;
    return typeof value?.password === 'string' && typeof value.password_confirmation === 'string' && value.password_confirmation !== '';
  },
};

export const RegisterBodySchema = z
  .object({
    name: lineText({ error: 'Enter your name.' }).trim().min(2, { error: 'Enter your name.' })
      .max(FIELD_LIMITS.nameMax, { error: `Your name can be at most ${FIELD_LIMITS.nameMax} characters.` }),
    email: emailField,
    mobile: mobileField,
    password: NewPasswordSchema,
    password_confirmation: lineText({ error: 'Confirm your password.' }),
    date_of_birth: lineText({ error: 'Enter your date of birth.' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Enter your date of birth.' })
      .refine((v) => isAdultBirthDate(v), { error: 'You must be 18 or older to join LinkUp.' }),
    gender: z.enum(GENDERS, { error: 'Choose your gender.' }),
    terms_accepted: z.literal(true, { error: 'Please accept the Terms of Service and Privacy Policy.' }),
  })
  .refine((b) => b.password === b.password_confirmation, passwordsMatch);
export type RegisterBody = z.infer<typeof RegisterBodySchema>;

export const ForgotPasswordBodySchema = z
  .object({ email: emailField.optional(), mobile: mobileField.optional() })
  .refine((b) => b.email !== undefined || b.mobile !== undefined, {
    error: 'Enter your e-mail address or mobile number.',
    path: ['email'],
  });
export type ForgotPasswordBody = z.infer<typeof ForgotPasswordBodySchema>;

export const ResetPasswordBodySchema = z
  .object({
    token: lineText({ error: 'This password reset link is invalid or has expired.' }).min(1).max(200),
    /** Sent by links from before issue 32 (they named the number); accepted and not needed. */
    mobile: lineText().max(FIELD_LIMITS.mobileMax).optional(),
    password: NewPasswordSchema,
    password_confirmation: lineText({ error: 'Confirm your password.' }),
  })
  .refine((b) => b.password === b.password_confirmation, passwordsMatch);
export type ResetPasswordBody = z.infer<typeof ResetPasswordBodySchema>;

export const VerifyEmailBodySchema = z.object({ token: lineText().min(1).max(500) });

/**
 * Phone-first sign-up (issue 32): the short sign-up after a new number's code. `signup_token`
 * comes from verify-otp, lives minutes and is spent once; e-mail and password may be added later.
 */
export const PhoneRegisterBodySchema = z
  .object({
    signup_token: lineText({ error: 'Verify your number again.' }).min(1).max(200),
    name: RegisterBodySchema.shape.name,
    date_of_birth: RegisterBodySchema.shape.date_of_birth,
    gender: RegisterBodySchema.shape.gender,
    terms_accepted: RegisterBodySchema.shape.terms_accepted,
    email: emailField.optional(),
    password: NewPasswordSchema.optional(),
    password_confirmation: lineText().optional(),
  })
  .refine((b) => b.password === undefined || b.password === b.password_confirmation, passwordsMatch);
export type PhoneRegisterBody = z.infer<typeof PhoneRegisterBodySchema>;

/** `data` of verify-otp for a number without an account: no session yet, the short sign-up's token. */
export const PhoneSignupStartSchema = z.object({
  signup_token: z.string(),
  signup_expires_at: TimestampSchema,
  mobile: z.string(),
});
export type PhoneSignupStart = z.infer<typeof PhoneSignupStartSchema>;

/** `data` of verify-otp: a member signed in (spec §7: token and user), or a new number's sign-up (issue 32). */
export const VerifyOtpResultSchema = z.union([z.object({ token: z.string(), user: SessionUserSchema }), PhoneSignupStartSchema]);
export type VerifyOtpResult = z.infer<typeof VerifyOtpResultSchema>;

/** `data` of request-otp and resend-otp. */
export const OtpSentSchema = z.object({ expires_at: TimestampSchema, resend_available_at: TimestampSchema });
export type OtpSent = z.infer<typeof OtpSentSchema>;
/** `data` of otp-status. */
export const OtpStatusSchema = z.object({ exists: z.boolean(), expires_in_seconds: z.number().int().min(0) });
export type OtpStatus = z.infer<typeof OtpStatusSchema>;
