import { CHAT_SAFETY_TEXTS, UI_TEXTS, type ChatMessage } from '@linkup/contract';
import { chatMessageTime } from '@/lib/format';
import { MessageNudge } from '@/features/chat/components/message-nudge';
import { MessageText } from '@/features/chat/components/message-text';

interface MessageBubbleProps {
  message: ChatMessage;
  mine: boolean;
  /** Being edited in the edit panel right now. */
  editing?: boolean;
  onEdit?: (message: ChatMessage) => void;
  onDelete?: (message: ChatMessage) => void;
  now?: Date;
  /** Issue 29: the pair has exchanged fewer than 20 messages (the safety banners show). */
  bannersShown?: boolean;
  /** Issue 29: each of the pair has sent 5 messages (links work). */
  linksActive?: boolean;
  /** Issue 29: one-tap report from a nudge; resolves true once reported. */
  onReport?: (message: ChatMessage) => Promise<boolean>;
  /** Issue 29: the other member's message offers "Report this message" (the report names it). */
  onReportMessage?: ((message: ChatMessage) => void) | undefined;
}

/**
 * One message (spec §2): mine on the right, theirs on the left, '(edited)' when edited, the time
 * (clock time today, else date and time). My own messages carry Edit and Delete.
 */
export function MessageBubble({
  message, mine, editing = false, onEdit, onDelete, now, bannersShown = false, linksActive = false, onReport, onReportMessage,
}: MessageBubbleProps) {
  return (
    <li className={`bubble-row${mine ? ' is-mine' : ' is-theirs'}${editing ? ' is-editing' : ''}${message.flags?.length ? ' has-nudge' : ''}`} data-testid="message" data-message-id={message.id}>
      {mine && (onEdit || onDelete) && (
        <span className="bubble-actions">
          {onEdit && (
            <button type="button" className="bubble-action" aria-label="Edit message" title="Edit message" onClick={() => onEdit(message)}>
              <i className="pi pi-pencil" aria-hidden="true" />
            </button>
          )}
          {onDelete && (
            <button type="button" className="bubble-action bubble-action--danger" aria-label="Delete message" title="Delete message" onClick={() => onDelete(message)}>
              <i className="pi pi-trash" aria-hidden="true" />
            </button>
          )}
        </span>
      )}
      <div className="bubble">
        {mine && <span className="sr-only">You: </span>}
        <MessageText text={message.message} linksActive={linksActive} />
        <p className="bubble-meta">
          {message.is_edited && <span className="bubble-edited">{UI_TEXTS.chat.edited}</span>}
          <time dateTime={message.created_at}>{chatMessageTime(message.created_at, now)}</time>
        </p>
      </div>
      {!mine && onReportMessage && (
        <span className="bubble-actions">
          <button
            type="button"
            className="bubble-action bubble-action--danger"
            aria-label={CHAT_SAFETY_TEXTS.reportMessage}
            title={CHAT_SAFETY_TEXTS.reportMessage}
            onClick={() => onReportMessage(message)}
          >
            <i className="pi pi-flag" aria-hidden="true" />
          </button>
        </span>
      )}
      <MessageNudge message={message} mine={mine} bannersShown={bannersShown} onReport={onReport} />
    </li>
  );
}
