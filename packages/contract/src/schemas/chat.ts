import { z } from 'zod';
import { FIELD_LIMITS } from '../constants';
import { IdSchema, TimestampSchema } from './common';

export const ChatMessageTypeSchema = z.enum(['text']).default('text');

/** Spec §3 chat message. */
export const ChatMessageSchema = z.object({
  id: IdSchema,
  chat_room_id: IdSchema,
  user_id: IdSchema,
  message: z.string().max(FIELD_LIMITS.chatMessageMax),
  type: z.string().default('text'),
  is_edited: z.boolean(),
  created_at: TimestampSchema,
  client_id: z.string().max(64).nullable().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Spec §3 chat room, as seen by the member asking. */
export const ChatRoomSchema = z.object({
  id: IdSchema,
  name: z.string(),
  unread_count: z.number().int().min(0),
  latest_message: ChatMessageSchema.nullable(),
  last_activity: TimestampSchema.nullable(),
});
export type ChatRoom = z.infer<typeof ChatRoomSchema>;

/** Spec §3 chat user search result; `email` is masked, never another member's real address. */
export const ChatUserSearchResultSchema = z.object({
  id: IdSchema,
  name: z.string(),
  email: z.string(),
});
export type ChatUserSearchResult = z.infer<typeof ChatUserSearchResultSchema>;

/** A message text is sendable when something is left after trimming (spec §5). */
export function isSendableMessage(text: string | null | undefined): boolean {
  return typeof text === 'string' && text.trim().length > 0;
}
