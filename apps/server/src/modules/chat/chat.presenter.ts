import type { ChatMessage, ChatRoom, ChatUserSearchResult } from '@linkup/contract';
import { toBool, type ChatMessageRow } from '../../db/schema';
import type { RoomForMember } from './chat.repository';
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

export function presentRoom(room: RoomForMember, latest: ChatMessageRow | undefined, viewerId: string): ChatRoom {
  return {
    id: room.id,
    name: room.name,
    unread_count: room.unread_count,
    latest_message: latest ? presentMessage(latest, viewerId) : null,
    last_activity: room.last_activity,
  };
}

/**
 * "thandi.nkosi@example.com" → "th***i@e***.com": enough to tell two people with the same name
 * apart, never another member's real address — nor the length of its name or domain.
 */
export function maskEmail(email: string | null): string {
  if (!email || !email.includes('@')) return '';
  const [local, domain] = email.split('@') as [string, string];
  const dot = domain.lastIndexOf('.');
  const [host, tld] = dot > 0 ? [domain.slice(0, dot), domain.slice(dot)] : [domain, ''];
  const maskedLocal = local.length <= 2 ? `${local[0] ?? ''}***` : `${local.slice(0, 2)}***${local.slice(-1)}`;
  return `${maskedLocal}@${host[0] ?? ''}***${tld}`;
}

export function presentSearchResult(user: { id: string; name: string; email: string | null }): ChatUserSearchResult {
  return { id: user.id, name: user.name, email: maskEmail(user.email) };
}
