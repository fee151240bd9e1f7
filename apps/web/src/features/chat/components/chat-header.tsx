import { CHAT_SAFETY_TEXTS, UI_TEXTS } from '@linkup/contract';
import { VerifiedBadge } from '@/components/verified-badge';
import { ChatAvatar } from '@/features/chat/components/chat-avatar';
import { partnerName } from '@/features/chat/utils/room-name';

interface ChatHeaderProps {
  /** The page's title (its one h1, for screen readers; the room's name is what shows); null when the page has its heading elsewhere. */
  title: string | null;
  /** Who the chat is with (issue 32: the other member's name, not the room's); undefined while it loads ('Loading...'). */
  name: string | undefined;
  /** The other member's photo (issue 32); initials without one. */
  photo?: string | null | undefined;
  onBack: () => void;
  /** Absent when there is nothing to do with the room (left, or no longer there). */
  onOptions?: (() => void) | undefined;
  /** Opens the other member's profile (issue 29); absent when there is none to show (ended, blocked). */
  onOpenProfile?: (() => void) | undefined;
  /** The conversation ended (issue 29): no 'Active now'. */
  ended?: boolean;
  /** The other member is photo-verified (issue 31): the badge beside the name. */
  verified?: boolean | undefined;
}

/**
 * The Chat screen's header (spec §2): back, the room's name (or 'Loading...'), 'Active now', options.
 * Issue 29: the name opens the other member's profile while there is one to show.
 */
export function ChatHeader({ title, name, photo, onBack, onOptions, onOpenProfile, ended = false, verified = false }: ChatHeaderProps) {
  return (
    <header className="chat-header">
      {title !== null && <h1 className="sr-only">{title}</h1>}
      <button type="button" className="chat-icon-button" aria-label="Back" onClick={onBack}>
        <i className="pi pi-arrow-left" aria-hidden="true" />
      </button>
      <ChatAvatar name={name ? partnerName(name) : ''} photo={photo} size="sm" />
      <div className="chat-header-text">
        <h2 className="chat-title">
          {onOpenProfile && name ? (
            <button type="button" className="chat-title-button" title={CHAT_SAFETY_TEXTS.viewProfile} onClick={onOpenProfile}>
              {name}
            </button>
          ) : (
            name ?? UI_TEXTS.chat.loading
          )}
          {name && <VerifiedBadge verified={verified} />}
        </h2>
        {onOptions && !ended && (
          <p className="chat-presence">
            <span className="presence-dot" aria-hidden="true" />
            {UI_TEXTS.chat.activeNow}
          </p>
        )}
      </div>
      {onOptions && (
        <button type="button" className="chat-icon-button" aria-label="Chat options" aria-haspopup="dialog" onClick={onOptions}>
          <i className="pi pi-ellipsis-v" aria-hidden="true" />
        </button>
      )}
    </header>
  );
}
