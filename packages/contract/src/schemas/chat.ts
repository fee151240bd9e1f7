import { z } from 'zod';
import { FIELD_LIMITS, PAGE_SIZES } from '../constants';
import { IdSchema, TimestampSchema, lineText, multilineText } from './common';
import { MemberSummarySchema } from './matching';
import { MESSAGE_FLAGS } from '../safe-contact';

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
  /** Issue 29: what the server found in the message; only on its recipient's copy (the sender's is empty). */
  flags: z.array(z.enum(MESSAGE_FLAGS)).optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Spec §3 chat room, as seen by the member asking. */
export const ChatRoomSchema = z.object({
  id: IdSchema,
  name: z.string(),
  unread_count: z.number().int().min(0),
  latest_message: ChatMessageSchema.nullable(),
  last_activity: TimestampSchema.nullable(),
  /**
   * Ours (issue 29), for the member who sent a message request: true while it waits for the
   * other member, who has not accepted it (they may send no more until then).
   */
  awaiting_acceptance: z.boolean().optional(),
  /** The other member of the pair (issue 29: the header opens their profile; Report names them). */
  member_id: IdSchema.optional(),
  /** The pair's match while it is on (the options offer Unmatch), else null. */
  match_id: IdSchema.nullable().optional(),
  /** The conversation ended: unmatched, blocked or the other's account deleted (issue 29). No reason, on purpose. */
  ended: z.boolean().optional(),
  /** The other member is photo-verified (issue 31). */
  is_verified: z.boolean().optional(),
  /**
   * Ours (issue 32): the other member as lists show them — the conversation list and the chat's
   * header show their name and photo, not the room's name. Absent when the conversation ended.
   */
  member: MemberSummarySchema.optional(),
  /**
   * Ours (issue 32): when the other member last read the conversation, so the member's last
   * message before it shows "Seen"; null until they have, and while a request waits.
   */
  seen_at: TimestampSchema.nullable().optional(),
});
export type ChatRoom = z.infer<typeof ChatRoomSchema>;

/**
 * A chat user search result: name, photo, age and city, as every list shows a member (issue 32: no
 * e-mail, masked or not — spec §3's `email` is a recorded departure, docs/decisions.md).
 */
export const ChatUserSearchResultSchema = MemberSummarySchema;
export type ChatUserSearchResult = z.infer<typeof ChatUserSearchResultSchema>;

/** A message text is sendable when something is left after trimming (spec §5). */
export function isSendableMessage(text: string | null | undefined): boolean {
  return typeof text === 'string' && text.trim().length > 0;
}

// ── Request bodies of spec §7 "Chat" ──

const messageText = multilineText({ error: 'Type a message.' })
  .max(FIELD_LIMITS.chatMessageMax, { error: `Messages can be at most ${FIELD_LIMITS.chatMessageMax} characters.` })
  .refine(isSendableMessage, { error: 'Type a message.' });

export const SendMessageBodySchema = z.object({
  chat_room_id: z.string({ error: 'Room ID is required to send a message' }).min(1, { error: 'Room ID is required to send a message' }).pipe(IdSchema),
  message: messageText,
  type: z.enum(['text']).default('text'),
  /** Client-generated id: a retried send is stored once and answered with the same message. */
  client_id: z.string().min(8).max(64).regex(/^[A-Za-z0-9_-]+$/).optional(),
  /** Issue 29: send a message the offensive-language filter flags anyway (else 409 confirm_required). */
  confirm: z.boolean().optional(),
});
export type SendMessageBody = z.infer<typeof SendMessageBodySchema>;

export const EditMessageBodySchema = z.object({ message: messageText, confirm: z.boolean().optional() });
export type EditMessageBody = z.infer<typeof EditMessageBodySchema>;

export const CreateRoomBodySchema = z.object({
  user_id: z.string({ error: 'Choose who to chat with.' }).min(1, { error: 'Choose who to chat with.' }).pipe(IdSchema),
  name: lineText().trim().min(1).max(FIELD_LIMITS.roomNameMax).optional(),
});
export type CreateRoomBody = z.infer<typeof CreateRoomBodySchema>;

export const USER_SEARCH_MESSAGES = {
  tooShort: `Type at least ${FIELD_LIMITS.searchMin} characters to search.`,
} as const;

/** Member search: nothing to look for ('') finds nobody; otherwise at least `searchMin` characters. */
export const UserSearchQuerySchema = z.object({
  search: lineText()
    .trim()
    .max(FIELD_LIMITS.searchMax)
    .refine((text) => text === '' || text.length >= FIELD_LIMITS.searchMin, { error: USER_SEARCH_MESSAGES.tooShort })
    .default(''),
  per_page: z.coerce.number().int().min(1).max(50).default(PAGE_SIZES.userSearch),
  page: z.coerce.number().int().min(1).default(1),
});

// ── Message requests (issue 29) ──

/**
 * A first message from a member the recipient has not matched: a request, outside her
 * conversations until she accepts it. `id` is the room's.
 */
export const ChatRequestSchema = z.object({
  id: IdSchema,
  /** The sender's public summary (name, age unless hidden, city, photo). */
  sender: MemberSummarySchema,
  /** The request's message. */
  message: ChatMessageSchema,
  created_at: TimestampSchema,
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** Days a declined request keeps its sender from asking the same member again. */
export const DECLINED_REQUEST_DAYS = 30;

export const CHAT_REQUEST_MESSAGES = {
  /** 409 request_pending: the sender's one message waits for the recipient. */
  pending: (name: string) => `You can send more once ${name} accepts your request.`,
  pendingFallback: 'You can send more once your request is accepted.',
  accepted: 'Request accepted',
  declined: 'Request declined',
  /** 429 first_message_limit. */
  firstMessageLimit: (remaining: number) => `You can start ${remaining} more conversation${remaining === 1 ? '' : 's'} today`,
  requestsEntry: (count: number) => `Requests (${count})`,
  empty: 'No message requests',
  emptyHint: 'Messages from people you have not matched with wait here until you accept them.',
  intro: 'Accept to reply. Declining is private: they won’t be told.',
  accept: 'Accept',
  decline: 'Decline',
  failed: 'Failed to fetch message requests',
  more: 'Show more requests',
} as const;
