import { z } from 'zod';
import { FIELD_LIMITS } from '../constants';
import { MobileBodySchema, NewPasswordSchema, OtpCodeSchema, RegisterBodySchema, SessionUserSchema } from './auth';
import { TimestampSchema, lineText } from './common';
import { VerificationExportSchema } from './verification';

/**
 * Settings and account (issue 4, "Settings"): privacy, notification switches, and the account
 * calls — change e-mail, mobile and password, sign out other devices, export, delete.
 */

// ── privacy ──

export const MESSAGE_POLICIES = ['everyone', 'matches', 'verified'] as const;
export type MessagePolicyValue = (typeof MESSAGE_POLICIES)[number];
export const MESSAGE_POLICY_LABELS: Readonly<Record<MessagePolicyValue, string>> = {
  everyone: 'Everyone',
  matches: 'Only my matches',
  /** Issue 31: matches, and photo-verified members. */
  verified: 'Only verified members',
};

export const PrivacySettingsSchema = z.object({
  show_age: z.boolean(),
  show_distance: z.boolean(),
  show_online: z.boolean(),
  message_policy: z.enum(MESSAGE_POLICIES),
  hide_from_discover: z.boolean(),
});
export type PrivacySettings = z.infer<typeof PrivacySettingsSchema>;
export type PrivacySetting = Exclude<keyof PrivacySettings, 'message_policy'>;

/** The privacy switches in the order the page shows them, with their wording. */
export const PRIVACY_SWITCHES: readonly { key: PrivacySetting; label: string; hint: string }[] = [
  { key: 'show_age', label: 'Show my age', hint: 'Others see your age on your profile and in Discover.' },
  { key: 'show_distance', label: 'Show my distance', hint: 'Others see roughly how far away you are (never your exact location).' },
  { key: 'show_online', label: 'Show when I’m online', hint: 'Others see when you were last active.' },
  { key: 'hide_from_discover', label: 'Hide me from Discover', hint: 'New people will not find you; your matches and chats stay.' },
];

// ── notifications ──

/**
 * Notification types a member can switch on or off (spec §1: views, likes, super likes, matches,
 * messages). A super match counts as a match and new_message as a message (see push.ts).
 */
export const NOTIFICATION_SETTING_TYPES = ['profile_view', 'like', 'super_like', 'match', 'message', 'message_request', 'post_like'] as const;
export type NotificationSettingType = (typeof NOTIFICATION_SETTING_TYPES)[number];
export const NOTIFICATION_SETTING_LABELS: Readonly<Record<NotificationSettingType, string>> = {
  profile_view: 'Profile views',
  like: 'Likes',
  super_like: 'Super likes',
  match: 'Matches',
  message: 'Messages',
  message_request: 'Message requests',
  /** Issue 32: likes on my feed post have their own row. */
  post_like: 'Likes on my post',
};
/** The switch that governs a push/in-app notification type (reminders and welcome have none). */
export function notificationSettingFor(type: string): NotificationSettingType | null {
  if (type === 'super_match') return 'match';
  if (type === 'new_message') return 'message';
  return (NOTIFICATION_SETTING_TYPES as readonly string[]).includes(type) ? (type as NotificationSettingType) : null;
}
export const NOTIFICATION_CHANNELS = ['push', 'in_app'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const NOTIFICATION_CHANNEL_LABELS: Readonly<Record<NotificationChannel, string>> = {
  push: 'Push',
  in_app: 'In-app',
};

export const NotificationSwitchesSchema = z.object({ push: z.boolean(), in_app: z.boolean() });
export type NotificationSwitches = z.infer<typeof NotificationSwitchesSchema>;

const byType = <T extends z.ZodType>(value: T) =>
  z.strictObject(Object.fromEntries(NOTIFICATION_SETTING_TYPES.map((t) => [t, value])) as Record<NotificationSettingType, T>);

export const NotificationSettingsSchema = byType(NotificationSwitchesSchema);
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

/**
 * What a member without saved settings gets (and what a type missing from saved settings is):
 * every type on, both channels — except message requests, which are quiet (issue 29): in the
 * inbox, pushed only when the member turns that on.
 */
export const DEFAULT_NOTIFICATION_SETTINGS: Readonly<NotificationSettings> = Object.fromEntries(
  NOTIFICATION_SETTING_TYPES.map((t) => [t, { push: t !== 'message_request', in_app: true }]),
) as unknown as NotificationSettings;

// ── GET / PUT /settings ──

export const SettingsSchema = z.object({
  privacy: PrivacySettingsSchema,
  notifications: NotificationSettingsSchema,
});
export type Settings = z.infer<typeof SettingsSchema>;

/** PUT /settings: any part of the settings; what is left out stays as it is. */
export const UpdateSettingsBodySchema = z.strictObject({
  privacy: PrivacySettingsSchema.partial().strict().optional(),
  notifications: byType(NotificationSwitchesSchema.partial().strict().optional()).partial().optional(),
});
export type UpdateSettingsBody = z.infer<typeof UpdateSettingsBodySchema>;

// ── account ──

/**
 * The current password that confirms a change. Optional in the schema: an account without a
 * password (phone-first, issue 32) has none to give, and the server requires it of every other.
 */
const currentPasswordField = lineText({ error: 'Enter your current password.' })
  .min(1, { error: 'Enter your current password.' })
  .max(FIELD_LIMITS.passwordMax, { error: 'Enter your current password.' })
  .optional();

export const ChangeEmailBodySchema = z.object({
  email: RegisterBodySchema.shape.email,
  current_password: currentPasswordField,
});
export type ChangeEmailBody = z.infer<typeof ChangeEmailBodySchema>;

/** The first step of a new mobile number: the current password, as for a new e-mail address (a stolen session alone cannot move the account). */
export const MobileChangeCodeBodySchema = MobileBodySchema.extend({ current_password: currentPasswordField });
export type MobileChangeCodeBody = z.infer<typeof MobileChangeCodeBodySchema>;

export const ChangeMobileBodySchema = z.object({ mobile: MobileBodySchema.shape.mobile, otp: OtpCodeSchema });
export type ChangeMobileBody = z.infer<typeof ChangeMobileBodySchema>;

/** POST /account/mobile/confirm: the code sent by WhatsApp to the number the member registered with (issue 27). */
export const ConfirmMobileBodySchema = z.object({ otp: OtpCodeSchema });
export type ConfirmMobileBody = z.infer<typeof ConfirmMobileBodySchema>;

export const ChangePasswordBodySchema = z
  .object({
    current_password: currentPasswordField,
    password: NewPasswordSchema,
    password_confirmation: lineText({ error: 'Confirm your new password.' }),
  })
  .refine((b) => b.password === b.password_confirmation, {
    error: 'The passwords do not match.',
    path: ['password_confirmation'],
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBodySchema>;

export const DeleteAccountBodySchema = z.object({ password: currentPasswordField });
export type DeleteAccountBody = z.infer<typeof DeleteAccountBodySchema>;

/** `data` of the calls that change the member's own contact details. */
export const AccountUserSchema = z.object({ user: SessionUserSchema });
export type AccountUser = z.infer<typeof AccountUserSchema>;

/** `data` of POST /account/mobile/code. */
export const MobileCodeSentSchema = z.object({ mobile: z.string(), expires_at: TimestampSchema, resend_available_at: TimestampSchema });
export type MobileCodeSent = z.infer<typeof MobileCodeSentSchema>;

/** `data` of POST /account/logout-others. */
export const LogoutOthersSchema = z.object({ revoked: z.number().int().min(0) });
export type LogoutOthers = z.infer<typeof LogoutOthersSchema>;

/** A member elsewhere in the export: their id and name only, never their contact details. */
const OtherMemberSchema = z.object({ member_id: z.string().nullable(), name: z.string().nullable() });

/**
 * GET /account/export: everything LinkUp keeps about the member, as one JSON document. Secrets
 * (password hash, session token hashes, codes) are never part of it; neither are other members'
 * contact details.
 */
export const AccountExportSchema = z.object({
  format: z.literal('linkup-data-export'),
  version: z.literal(1),
  generated_at: TimestampSchema,
  account: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string().nullable(),
    email_verified_at: TimestampSchema.nullable(),
    phone_number: z.string().nullable(),
    phone_verified_at: TimestampSchema.nullable(),
    profile_completed: z.boolean(),
    onboarding_completed_at: TimestampSchema.nullable(),
    last_active_at: TimestampSchema.nullable(),
    created_at: TimestampSchema,
    updated_at: TimestampSchema,
  }),
  profile: z.object({
    date_of_birth: z.string().nullable(),
    gender: z.string().nullable(),
    about: z.string().nullable(),
    city: z.string().nullable(),
    province: z.string().nullable(),
    location_cell: z.string().nullable().describe('Coarse area (about 5 km), never an exact position'),
    marital_status: z.string().nullable(),
    body_type: z.string().nullable(),
    relationship_type: z.string().nullable(),
    how_often_drink: z.string().nullable(),
    love_language: z.string().nullable(),
    height_cm: z.number().nullable(),
    job_title: z.string().nullable(),
    education: z.string().nullable(),
  }),
  photos: z.array(z.object({
    id: z.string(),
    url: z.string(),
    sizes: z.record(z.string(), z.string()),
    position: z.number(),
    is_primary: z.boolean(),
    created_at: TimestampSchema,
  })),
  interests: z.array(z.string()),
  preferences: z.record(z.string(), z.unknown()).nullable(),
  settings: SettingsSchema,
  blocks: z.array(OtherMemberSchema.extend({ created_at: TimestampSchema })),
  reports: z.array(OtherMemberSchema.extend({
    id: z.string(), reason: z.string(), details: z.string().nullable(), status: z.string(), created_at: TimestampSchema,
  })),
  profile_visits: z.array(OtherMemberSchema.extend({ visit_date: z.string(), created_at: TimestampSchema })),
  swipes: z.array(OtherMemberSchema.extend({ action: z.string(), created_at: TimestampSchema })),
  matches: z.array(OtherMemberSchema.extend({
    id: z.string(), kind: z.string(), created_at: TimestampSchema, unmatched_at: TimestampSchema.nullable(),
  })),
  subscriptions: z.array(z.object({
    plan: z.string(), source: z.string(), starts_at: TimestampSchema, ends_at: TimestampSchema,
    cancelled_at: TimestampSchema.nullable(), created_at: TimestampSchema,
  })),
  chat_rooms: z.array(z.object({
    id: z.string(),
    name: z.string(),
    joined_at: TimestampSchema,
    left_at: TimestampSchema.nullable(),
    messages: z.array(z.object({
      id: z.string(),
      mine: z.boolean(),
      author_name: z.string().nullable(),
      message: z.string(),
      type: z.string(),
      is_edited: z.boolean(),
      created_at: TimestampSchema,
      updated_at: TimestampSchema,
    })),
  })),
  support_messages: z.array(z.object({ id: z.string(), subject: z.string(), message: z.string(), created_at: TimestampSchema })),
  /** Photo verification (issue 31): what is kept of it. */
  verification: VerificationExportSchema.optional(),
  /** My feed post (its fields as saved, its photos' URLs and how many like it), if I have one. */
  feed_post: z.record(z.string(), z.unknown()).nullable(),
  /** Feed posts I like. */
  feed_likes: z.array(OtherMemberSchema.extend({ post_id: z.string(), created_at: TimestampSchema })),
  notifications: z.array(z.object({
    id: z.string(), type: z.string(), title: z.string(), body: z.string(), is_read: z.boolean(), read_at: TimestampSchema.nullable(),
    is_clicked: z.boolean(), clicked_at: TimestampSchema.nullable(), created_at: TimestampSchema,
  })),
  sessions: z.array(z.object({
    current: z.boolean(),
    created_at: TimestampSchema,
    last_used_at: TimestampSchema,
    expires_at: TimestampSchema,
    revoked_at: TimestampSchema.nullable(),
    user_agent: z.string().nullable(),
    ip: z.string().nullable(),
  })),
  auth_events: z.array(z.object({ kind: z.string(), ip: z.string(), created_at: TimestampSchema })),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

/** The file name GET /account/export suggests: `linkup-data-2026-01-31.json`. */
export function exportFileName(at: Date = new Date()): string {
  return `linkup-data-${at.toISOString().slice(0, 10)}.json`;
}

/** What deleting an account removes, as the confirmation dialog says it. */
export const ACCOUNT_DELETION_SUMMARY = [
  'your profile, photos and interests',
  'your dating preferences and settings',
  'your likes, matches and profile visits',
  'your conversations and messages',
  'your sign-in sessions on every device',
] as const;

/** What can change on an account, as the notice to the member's previous contact details names it. */
export const CREDENTIAL_CHANGES = { email: 'e-mail address', mobile: 'mobile number', password: 'password' } as const;
export type CredentialChange = keyof typeof CREDENTIAL_CHANGES;

/**
 * The notice the address and the number an account had before are sent when its e-mail address,
 * mobile number or password changes: if it wasn't the member, the link reaches support.
 */
export function credentialChangeNotice(change: CredentialChange, name: string) {
  const what = CREDENTIAL_CHANGES[change];
  return {
    subject: `Your LinkUp ${what} was changed`,
    text: `Hi ${name}, the ${what} of your LinkUp account was just changed. If this was you, there is nothing to do. If this wasn't you, tell us at once through the link below, and reset your password.`,
    supportSubject: `This wasn't me: my LinkUp ${what} was changed`,
  };
}

export const SETTINGS_MESSAGES = {
  saved: 'Your settings have been saved.',
  emailChanged: 'We sent a verification link to your new address. Your e-mail address changes once you open it; until then the current one keeps working.',
  sameEmail: 'This is already your e-mail address.',
  mobileCodeSent: 'We sent a code to your new number on WhatsApp.',
  sameMobile: 'This is already your mobile number.',
  mobileChanged: 'Your mobile number has been changed.',
  passwordChanged: 'Your password has been changed. Your other devices have been signed out.',
  samePassword: 'Choose a password different from your current one.',
  wrongPassword: 'The password is incorrect.',
  loggedOutOthers: 'You have been signed out of all other devices.',
  accountDeleted: 'Your account and all your data have been deleted.',
  exportReady: 'Your data has been downloaded.',
} as const;
