import { UI_TEXTS, type ChatRoom } from '@linkup/contract';
import { Link } from 'react-router';
import { ChatAvatar } from '@/features/chat/components/chat-avatar';
import { VerifiedBadge } from '@/components/verified-badge';
import { roomMemberName } from '@/features/chat/utils/room-name';
import { badgeText, plural, roomListTime } from '@/lib/format';

interface ConversationItemProps {
  room: ChatRoom;
  /** Where the item leads (the chat screen of this room). */
  to: string;
  /** The room's unread count as kept up to date in real time. */
  unread: number;
  /** The room open beside the list (a wide screen). */
  selected?: boolean;
  now?: Date;
}

/**
 * One conversation (spec §2 "Messages screen"): photo (else initials) and name of the other member
 * (issue 32), unread badge (9+), time of the last activity and the latest message or 'No messages yet'.
 */
export function ConversationItem({ room, to, unread, selected = false, now }: ConversationItemProps) {
  const badge = badgeText(unread);
  const time = roomListTime(room.last_activity ?? room.latest_message?.created_at, now);
  const preview = room.latest_message?.message ?? UI_TEXTS.messages.noMessagesYet;
  const name = roomMemberName(room);
  return (
    <li>
      <Link
        to={to}
        className={`conversation${badge ? ' has-unread' : ''}${selected ? ' is-selected' : ''}`}
        aria-current={selected ? 'page' : undefined}
        data-testid="conversation"
      >
        <ChatAvatar name={name} photo={room.member?.photo?.thumb} />
        <span className="conversation-body">
          <span className="conversation-top">
            <span className="conversation-name">{name}<VerifiedBadge verified={room.is_verified ?? room.member?.is_verified} /></span>
            {time && (
              <time className="conversation-time" dateTime={room.last_activity ?? undefined}>
                {time}
              </time>
            )}
          </span>
          <span className="conversation-bottom">
            <span className={`conversation-preview${room.latest_message ? '' : ' is-empty'}`}>{preview}</span>
            {badge && (
              <span className="unread-badge" data-testid="unread-badge">
                <span aria-hidden="true">{badge}</span>
                <span className="sr-only">{plural(unread, 'unread message')}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
