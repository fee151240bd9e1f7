import { z } from 'zod';
import { DEVICE_TYPES, PUSH_TOKEN_LIMITS } from '../notification-rules';
import { IdSchema, TimestampSchema, lineText } from './common';

/** Spec §3 push notification data; every field but `type` is optional on the wire. */
export const PushDataSchema = z.object({
  type: z.string(),
  notification_id: z.string().optional(),
  timestamp: TimestampSchema.optional(),
  title: z.string().optional(),
  body: z.string().optional(),
  viewer_id: IdSchema.optional(),
  viewer_name: z.string().optional(),
  viewer_image: z.string().optional(),
  viewer_age: z.union([z.number(), z.string()]).optional(),
  viewer_city: z.string().optional(),
  sender_id: IdSchema.optional(),
  sender_name: z.string().optional(),
  sender_image: z.string().optional(),
  user_id: IdSchema.optional(),
  username: z.string().optional(),
  user_image: z.string().optional(),
  chat_room_id: IdSchema.optional(),
  /** Ours (issue 32): the post a like on my post is about, where the notification leads. */
  post_id: IdSchema.optional(),
  action: z.string().optional(),
  /** The member the notification is about (viewer, sender or user) is photo-verified (issue 31). */
  is_verified: z.boolean().optional(),
});
export type PushData = z.infer<typeof PushDataSchema>;

/** `GET /push/web-push-key`: the server's VAPID public key (base64url), for `pushManager.subscribe`. */
export const WebPushKeySchema = z.object({ public_key: z.string() });
export type WebPushKey = z.infer<typeof WebPushKeySchema>;

const base64url = z.string().min(1).max(200).regex(/^[A-Za-z0-9_-]+=*$/);

/** A browser's push subscription (`PushSubscription.toJSON()`), sent as the `fcm_token` of a web device. */
export const WebPushSubscriptionSchema = z.object({
  endpoint: z.url().max(1_500),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url, auth: base64url }),
});
export type WebPushSubscription = z.infer<typeof WebPushSubscriptionSchema>;

/** One line of text (no controls, NUL or bidi overrides: the contract's shared check). */
const deviceText = (max: number) => lineText().trim().max(max, { error: `Use at most ${max} characters.` });

/**
 * Spec §3 push token registration. The token is an FCM registration token (android, ios) or a
 * Web Push subscription as JSON (web): printable ASCII either way.
 */
export const PushTokenRegistrationSchema = z.object({
  fcm_token: z
    .string()
    .min(1, { error: 'The push token is missing.' })
    .max(PUSH_TOKEN_LIMITS.tokenMax, { error: `Use at most ${PUSH_TOKEN_LIMITS.tokenMax} characters.` })
    .regex(/^[\x20-\x7E]+$/, { error: 'The push token is not valid.' }),
  device_type: z.enum(DEVICE_TYPES, { error: "Use 'web', 'android' or 'ios'." }).describe("'web' or the native platform name"),
  device_name: deviceText(PUSH_TOKEN_LIMITS.deviceNameMax).optional(),
  user_agent: deviceText(PUSH_TOKEN_LIMITS.userAgentMax).optional(),
});
export type PushTokenRegistration = z.infer<typeof PushTokenRegistrationSchema>;

/** DELETE /user/fcm-token: removes this session's device, and the named token if it is mine. */
export const PushTokenRemovalSchema = z
  .object({ fcm_token: z.string().max(PUSH_TOKEN_LIMITS.tokenMax).optional() })
  .nullish();
export type PushTokenRemoval = z.infer<typeof PushTokenRemovalSchema>;

/** A registered device as its owner sees it (the token itself never leaves the server again). */
export const PushDeviceSchema = z.object({
  id: IdSchema,
  device_type: z.enum(DEVICE_TYPES),
  device_name: z.string().nullable(),
  created_at: TimestampSchema,
  updated_at: TimestampSchema,
});
export type PushDevice = z.infer<typeof PushDeviceSchema>;

