import type { ChatMessage, ChatRequest, ChatRoom, MemberSummary } from '@linkup/contract';
import { toBool, type ChatMessageRow } from '../../db/schema';
import type { RequestForMember, RoomForMember } from './chat.repository';
import { parseStoredFlags } from './message-flags';
import { nudgePolicy } from './nudge.policy';

/**
 * Messages leave as plain text with the spec's fields; the client's id comes back to its sender.
 * `viewerId`: who reads it — only a recipient's copy carries the message's flags (issue 29).
 */
export function presentMessage(row: ChatMessageRow, viewerId: string): ChatMessage {
  return {
    id: row.id,
    chat_room_id: row.room_id,
    user_id: row.user_id,
    message: row.message,
    type: row.type,
    is_edited: toBool(row.is_edited),
    created_at: row.created_at,
    client_id: row.client_id,
    flags: nudgePolicy.flagsFor(parseStoredFlags(row.flags), row.user_id, viewerId),
  };
}

/**
 * `awaitingAcceptance`: the viewer's message request in this room waits for the other member (issue 29).
 * `member`: the other member's summary (issue 32), shown while the two have not unmatched; their
 * read mark only once the room is a conversation (a request's recipient reading it tells its sender nothing).
 */
export function presentRoom(
  room: RoomForMember, latest: ChatMessageRow | undefined, viewerId: string, awaitingAcceptance = false, member?: MemberSummary,
): ChatRoom {
  const conversation = room.request_status === null || room.request_status === 'accepted';
  return {
    id: room.id,
    name: room.name,
    unread_count: room.unread_count,
    latest_message: latest ? presentMessage(latest, viewerId) : null,
    last_activity: room.last_activity,
    awaiting_acceptance: awaitingAcceptance,
    ...(member && !room.unmatched ? { member, is_verified: member.is_verified === true } : {}),
    seen_at: conversation && !room.unmatched ? room.other_last_read_at : null,
  };
}

/** A request as its recipient's list shows it: the sender's public summary and the message (as the recipient reads it). */
export function presentRequest(request: RequestForMember, sender: MemberSummary, message: ChatMessageRow, viewerId: string): ChatRequest {
  return { id: request.id, sender, message: presentMessage(message, viewerId), created_at: request.requested_at };
}

/**
 * A conversation that ended (issue 29: unmatched, blocked either way, or the other's account
 * deleted), as its member may still open it: its name and the other member (for Report), nothing
 * new — no messages, no unread count — and no reason.
 */
export function presentEndedRoom(room: { id: string; name: string; last_activity: string; member_id: string | null }): ChatRoom {
  return {
    id: room.id, name: room.name, unread_count: 0, latest_message: null, last_activity: room.last_activity,
    ...(room.member_id ? { member_id: room.member_id } : {}), match_id: null, ended: true,
  };
}

