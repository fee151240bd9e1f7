/**
 * The real-time event map (spec §4, §7; DESIGN §5): channel names, event names and payloads,
 * typed once for `Server<…>` and `Socket<…>`.
 */
import { z } from 'zod';
import { ChatMessageSchema, type ChatMessage, type SendMessageBody } from './schemas/chat';
import { ErrorCodeSchema, IdSchema, TimestampSchema } from './schemas/common';
import { PushDataSchema } from './schemas/push';
import { PremiumChangedPayloadSchema, type PremiumChangedPayload } from './schemas/subscriptions';
import type { ErrorCode, ErrorDetails } from './errors';
import type { FieldErrors } from './schemas/common';
import { MESSAGES_CHANNEL } from './realtime-channels';

export const MessageSentPayloadSchema = z.object({ channel: z.string(), message: ChatMessageSchema });
export const MessageDeletedPayloadSchema = z.object({ channel: z.string(), id: IdSchema, chat_room_id: IdSchema });
export const MembershipPayloadSchema = z.object({ channel: z.string(), user_id: IdSchema });
export const TypingPayloadSchema = z.object({
  channel: z.string(), chat_room_id: IdSchema, user_id: IdSchema, name: z.string(),
});
export const NewMessagePayloadSchema = z.object({
  channel: z.literal(MESSAGES_CHANNEL), message: ChatMessageSchema, chat_room_id: IdSchema,
});
export const MessageReadPayloadSchema = z.object({
  channel: z.literal(MESSAGES_CHANNEL), chat_room_id: IdSchema, user_id: IdSchema, read_at: TimestampSchema,
});
/**
 * A conversation ended (issue 29): the other member unmatched, blocked (either of the two) or
 * deleted their account. On the member's own channel, to both members. No reason: a blocked
 * member must see exactly what an unmatch shows ("They won't be told").
 */
export const RoomClosedPayloadSchema = z.object({ channel: z.literal(MESSAGES_CHANNEL), chat_room_id: IdSchema });
/**
 * Sent once on a new connection when events go through the Redis stream (issue 33): its stream
 * offset (Socket.IO appends it) lets a connection that drops before any other event resume too.
 * Clients need not listen.
 */
export const ResumePointPayloadSchema = z.object({}).strict();
export const SubscribeAckSchema = z.union([
  z.object({ ok: z.literal(true) }),
  /** A refusal: `code` is what a client branches on (channel_not_found, subscribe_limit, unauthenticated, …), never `message`. */
  z.object({ ok: z.literal(false), code: ErrorCodeSchema, message: z.string() }),
]);
export const TypingRequestSchema = z.object({ chat_room_id: IdSchema });

export type MessageSentPayload = z.infer<typeof MessageSentPayloadSchema>;
export type MessageDeletedPayload = z.infer<typeof MessageDeletedPayloadSchema>;
export type MembershipPayload = z.infer<typeof MembershipPayloadSchema>;
export type TypingPayload = z.infer<typeof TypingPayloadSchema>;
export type NewMessagePayload = z.infer<typeof NewMessagePayloadSchema>;
export type MessageReadPayload = z.infer<typeof MessageReadPayloadSchema>;
export type RoomClosedPayload = z.infer<typeof RoomClosedPayloadSchema>;
export type ResumePointPayload = z.infer<typeof ResumePointPayloadSchema>;
export type SubscribeAck = z.infer<typeof SubscribeAckSchema>;

/**
 * What a refused connection carries: the server's `connect_error` has it as `error.data`
 * (`unauthenticated`, `account_suspended`, `socket_connect_limit`, `socket_limit`, `server_error`).
 */
export interface ConnectRefusal {
  status: number;
  code: ErrorCode;
}
export type NotificationPayload = z.infer<typeof PushDataSchema>;

/**
 * The answer to a command sent over the socket: what the HTTP call answers, without the envelope.
 * `status` is the HTTP status that call would have had (201 created, 200 an earlier send of the
 * same client id, 404, 422 with `errors`, 429, …).
 */
export type CommandAck<T> =
  | { ok: true; status: number; data: T }
  | { ok: false; status: number; code: ErrorCode; message: string; errors?: FieldErrors; details?: ErrorDetails };

export interface ServerToClientEvents {
  'message.sent': (payload: MessageSentPayload) => void;
  'message.deleted': (payload: MessageDeletedPayload) => void;
  /** An edit (our addition to the spec's events; spec clients ignore it). */
  'message.updated': (payload: MessageSentPayload) => void;
  'user.joined': (payload: MembershipPayload) => void;
  'user.left': (payload: MembershipPayload) => void;
  typing: (payload: TypingPayload) => void;
  NewMessage: (payload: NewMessagePayload) => void;
  MessageRead: (payload: MessageReadPayload) => void;
  /** The pair's conversation ended: unmatch, block or account deletion (issue 29). */
  'room.closed': (payload: RoomClosedPayload) => void;
  notification: (payload: NotificationPayload) => void;
  /** The member's premium started, renewed or ended (on their own channel). */
  'premium.changed': (payload: PremiumChangedPayload) => void;
  'resume.point': (payload: ResumePointPayload) => void;
}

/** The payload schema of every server → client event, for clients and tests that check them. */
export const SERVER_EVENT_SCHEMAS = {
  'message.sent': MessageSentPayloadSchema,
  'message.deleted': MessageDeletedPayloadSchema,
  'message.updated': MessageSentPayloadSchema,
  'user.joined': MembershipPayloadSchema,
  'user.left': MembershipPayloadSchema,
  typing: TypingPayloadSchema,
  NewMessage: NewMessagePayloadSchema,
  MessageRead: MessageReadPayloadSchema,
  'room.closed': RoomClosedPayloadSchema,
  notification: PushDataSchema,
  'premium.changed': PremiumChangedPayloadSchema,
  'resume.point': ResumePointPayloadSchema,
} as const satisfies Record<keyof ServerToClientEvents, z.ZodType>;

/** What a command's ack looks like, around the data its success carries. */
export function commandAckSchema<T extends z.ZodType>(data: T) {
  return z.union([
    z.object({ ok: z.literal(true), status: z.number().int(), data }),
    z.object({ ok: z.literal(false), status: z.number().int(), message: z.string(), errors: z.record(z.string(), z.array(z.string())).optional() }),
  ]);
}

export interface ClientToServerEvents {
  subscribe: (channel: string, ack?: (result: SubscribeAck) => void) => void;
  unsubscribe: (channel: string, ack?: (result: SubscribeAck) => void) => void;
  typing: (payload: { chat_room_id: string }) => void;
  /** Sends a message like `POST /chat/messages` (same body, same rules, idempotent per client_id). */
  'message.send': (payload: SendMessageBody, ack: (result: CommandAck<ChatMessage>) => void) => void;
}

/** Server-side per-socket data. */
export interface SocketData {
  userId: string;
  name: string;
}
