import { FAILURE_TOASTS, UI_TEXTS, type ChatMessage } from '@linkup/contract';
import { Fragment, useLayoutEffect, useRef } from 'react';
import { MessageBubble } from '@/features/chat/components/message-bubble';
import { conversationStage } from '@/features/chat/utils/nudges';
import { chatDayLabel, sameCalendarDay } from '@/lib/format';

/** Within this many pixels of the bottom, a new message scrolls into view. */
const STICK_TO_BOTTOM_PX = 120;

interface MessageListProps {
  messages: readonly ChatMessage[];
  myId: string | null;
  status: 'loading' | 'failed' | 'ready';
  /** Older pages exist on the server. */
  hasEarlier: boolean;
  loadingEarlier: boolean;
  onLoadEarlier: () => void;
  onRetry?: () => void;
  editingId?: string | null;
  onEdit?: (message: ChatMessage) => void;
  onDelete?: (message: ChatMessage) => void;
  /** Issue 29: one-tap report of a message from its nudge. */
  onReport?: (message: ChatMessage) => Promise<boolean>;
  /** Issue 29: "Report this message" on the other member's messages (opens the report form). */
  onReportMessage?: ((message: ChatMessage) => void) | undefined;
  /** Issue 32: when the other member last read the conversation ("Seen" under my last message before it). */
  seenAt?: string | null | undefined;
}

/**
 * The conversation (spec §2): 'Load earlier messages' on top while older pages exist (the view
 * stays where it was), messages oldest first, the empty state when there are none. New messages
 * scroll into view when the member is at the bottom or sent them. Issue 32: a separator above
 * each day's first message, and "Seen" under my last message once the other member has read it.
 */
export function MessageList({
  messages, myId, status, hasEarlier, loadingEarlier, onLoadEarlier, onRetry, editingId = null, onEdit, onDelete, onReport, onReportMessage, seenAt,
}: MessageListProps) {
  const { bannersShown, linksActive } = conversationStage(messages, hasEarlier, myId);
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  /** Distance from the bottom before older messages were asked for; kept while they load. */
  const keepFromBottom = useRef<number | null>(null);
  const firstId = messages[0]?.id;
  const last = messages[messages.length - 1];
  const lastId = last?.id;
  const lastIsMine = last ? last.user_id === myId : false;
  const lastMine = messages.findLast((m) => m.user_id === myId);
  const seenId = lastMine && seenAt && lastMine.created_at <= seenAt ? lastMine.id : null;
  const now = new Date();

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || keepFromBottom.current === null) return;
    el.scrollTop = el.scrollHeight - keepFromBottom.current;
    if (!loadingEarlier) keepFromBottom.current = null;
  }, [firstId, loadingEarlier]);

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !lastId) return;
    if (atBottom.current || lastIsMine) el.scrollTop = el.scrollHeight;
  }, [lastId, lastIsMine]);

  function handleScroll() {
    const el = scroller.current;
    if (el) atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_TO_BOTTOM_PX;
  }

  function loadEarlier() {
    const el = scroller.current;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    onLoadEarlier();
  }

  return (
    <div className="chat-scroll" ref={scroller} onScroll={handleScroll} data-testid="message-scroller">
      {hasEarlier && (
        <div className="load-earlier">
          <button type="button" className="chat-pill-button" onClick={loadEarlier} disabled={loadingEarlier} aria-busy={loadingEarlier}>
            {loadingEarlier && <i className="pi pi-spin pi-spinner" aria-hidden="true" />}
            {UI_TEXTS.chat.loadEarlier}
          </button>
        </div>
      )}
      {status === 'loading' && (
        <p className="chat-loading" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> {UI_TEXTS.chat.loading}
        </p>
      )}
      {status === 'failed' && messages.length === 0 && (
        <div className="chat-empty chat-empty--room">
          <span className="chat-empty-icon" aria-hidden="true"><i className="pi pi-exclamation-circle" /></span>
          <p className="chat-empty-title">{FAILURE_TOASTS.fetchMessages}</p>
          {onRetry && <button type="button" className="chat-link-button" onClick={onRetry}>Try again</button>}
        </div>
      )}
      {status === 'ready' && messages.length === 0 && (
        <div className="chat-empty chat-empty--room">
          <span className="chat-empty-icon" aria-hidden="true"><i className="pi pi-comment" /></span>
          <p className="chat-empty-title">{UI_TEXTS.chat.noMessagesYet}</p>
          <p className="chat-empty-text">{UI_TEXTS.chat.noMessagesHint}</p>
        </div>
      )}
      {messages.length > 0 && (
        // A list (its items are messages) that announces new ones: role="log" would hide the list.
        <ol className="message-list" aria-label="Messages" aria-live="polite">
          {messages.map((message, index) => {
            const mine = message.user_id === myId;
            const newDay = index === 0 || !sameCalendarDay(messages[index - 1]!.created_at, message.created_at);
            return (
              <Fragment key={message.id}>
                {newDay && (
                  <li className="day-separator" data-testid="day-separator">
                    <time dateTime={message.created_at}>{chatDayLabel(message.created_at, now)}</time>
                  </li>
                )}
                <MessageBubble
                  message={message}
                  mine={mine}
                  editing={message.id === editingId}
                  onEdit={mine ? onEdit : undefined}
                  onDelete={mine ? onDelete : undefined}
                  bannersShown={bannersShown}
                  linksActive={linksActive}
                  onReport={mine ? undefined : onReport}
                  onReportMessage={mine ? undefined : onReportMessage}
                />
                {message.id === seenId && <li className="message-seen" data-testid="message-seen">{UI_TEXTS.chat.seen}</li>}
              </Fragment>
            );
          })}
        </ol>
      )}
    </div>
  );
}
