import '@/features/chat/chat.css';
import '@/features/chat/requests.css';
import { CHAT_REQUEST_MESSAGES, CHAT_SAFETY_TEXTS, MESSAGES_PATH, UI_TEXTS, type ChatMessage } from '@linkup/contract';
import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ChatHeader } from '@/features/chat/components/chat-header';
import { ChatOptionsSheet } from '@/features/chat/components/chat-options-sheet';
import { Composer } from '@/features/chat/components/composer';
import { EditPanel } from '@/features/chat/components/edit-panel';
import { MessageList } from '@/features/chat/components/message-list';
import { TypingIndicator } from '@/features/chat/components/typing-indicator';
import { useChatRoom } from '@/features/chat/hooks/use-chat-room';
import { useRoomEnded } from '@/features/chat/hooks/use-room-ended';
import { roomMemberName } from '@/features/chat/utils/room-name';
import { useReportMessage } from '@/features/chat/hooks/use-report-message';
import { confirmDialog } from '@/lib/dialogs';

/** A room the member left, or that is no longer there (404): said plainly, with the way on (issue 17). */
export const CHAT_GONE_TEXTS = {
  title: 'You left this chat',
  text: 'Or it is no longer available. Start a new chat from Messages: search for the member there.',
  action: 'Go to Messages',
} as const;

/** What the report form needs, as the Chat screen hands it to the composed dialog (issue 29). */
export interface ChatReportProps {
  memberId: string;
  name: string;
  /** "Report this message": the report names it. */
  messageId?: string | undefined;
  onClose: () => void;
  /** The report also blocked the member. */
  onBlocked: () => void;
}

/**
 * Issue 29: what the chat offers about the other member. Composed by app/ from the members,
 * matching and safety features (features do not import each other).
 */
export interface ChatSafety {
  openProfile: (memberId: string) => void;
  /** Resolves true once blocked (app/ toasts the outcome). */
  block: (memberId: string) => Promise<boolean>;
  /** Resolves true once unmatched. */
  unmatch: (matchId: string) => Promise<boolean>;
  /** The report dialog, open. */
  renderReport: (props: ChatReportProps) => ReactNode;
}

/** The question before a message is deleted. */
export const DELETE_MESSAGE_CONFIRM = 'Delete this message?';

interface ChatScreenProps {
  /** The page's title (the route's). */
  title: string;
  /** The title is the page's heading (false beside the conversation list, which has the page's). */
  pageHeading?: boolean;
  roomId: string | undefined;
  onBack: () => void;
  /** The member left the room: back to the conversation list. */
  onLeft: () => void;
  /** Issue 29: View profile, Unmatch, Block and Report (absent: only Leave). */
  safety?: ChatSafety | undefined;
}

/** The Chat screen (spec §2): header, conversation, typing indicator, and the composer or the edit panel. */
export function ChatScreen({ title, pageHeading = true, roomId, onBack, onLeft, safety }: ChatScreenProps) {
  const chat = useChatRoom(roomId);
  useRoomEnded(roomId);
  const [reporting, setReporting] = useState<{ messageId?: string } | null>(null);
  const ended = chat.room?.ended === true;
  const memberId = chat.room?.member_id;
  const matchId = chat.room?.match_id;
  const otherName = chat.room ? roomMemberName(chat.room) : '';
  const reportMessage = useReportMessage();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const closeOptions = useCallback(() => setOptionsOpen(false), []);

  async function leave() {
    setOptionsOpen(false);
    if (!(await confirmDialog(UI_TEXTS.chat.leaveConfirm, undefined, { destructive: true, confirmLabel: UI_TEXTS.chat.leaveChat }))) return;
    if (await chat.leave()) onLeft();
  }

  /** Issue 29: a destructive choice, said plainly ("They won't be told."), then back to the list. */
  async function endContact(question: string, confirmLabel: string, run: () => Promise<boolean>) {
    setOptionsOpen(false);
    if (!(await confirmDialog(question, CHAT_SAFETY_TEXTS.notTold, { destructive: true, confirmLabel }))) return;
    if (await run()) onLeft();
  }

  const options = {
    onViewProfile: safety && memberId && !ended ? () => safety.openProfile(memberId) : undefined,
    onUnmatch: safety && matchId && !ended
      ? () => void endContact(CHAT_SAFETY_TEXTS.unmatchConfirm(otherName), CHAT_SAFETY_TEXTS.unmatch, () => safety.unmatch(matchId))
      : undefined,
    onBlock: safety && memberId && !ended
      ? () => void endContact(CHAT_SAFETY_TEXTS.blockConfirm(otherName), CHAT_SAFETY_TEXTS.block, () => safety.block(memberId))
      : undefined,
    onReport: safety && memberId ? () => {
      setOptionsOpen(false);
      setReporting({});
    } : undefined,
    onLeave: ended ? undefined : () => void leave(),
  };

  async function remove(message: ChatMessage) {
    if (!(await confirmDialog(DELETE_MESSAGE_CONFIRM, undefined, { destructive: true, confirmLabel: 'Delete' }))) return;
    if ((await chat.remove(message)) && editing?.id === message.id) setEditing(null);
  }

  // An edited message that disappeared (deleted elsewhere) closes the panel.
  const editingGone = editing !== null && !chat.messages.some((m) => m.id === editing.id) && chat.messagesStatus === 'ready';

  if (chat.roomGone) {
    return (
      <section className="chat-screen" aria-label="Chat">
        <ChatHeader title={pageHeading ? title : null} name={title} onBack={onBack} />
        <div className="chat-gone" role="status">
          <i className="pi pi-comments" aria-hidden="true" />
          <p className="chat-gone-title">{CHAT_GONE_TEXTS.title}</p>
          <p>{CHAT_GONE_TEXTS.text}</p>
          <Link to={MESSAGES_PATH} className="btn-outline">{CHAT_GONE_TEXTS.action}</Link>
        </div>
      </section>
    );
  }

  return (
    <section className="chat-screen" aria-label="Chat">
      <ChatHeader
        title={pageHeading ? title : null}
        name={chat.room ? otherName : (chat.roomFailed ? title : undefined)}
        photo={chat.room?.member?.photo?.thumb}
        verified={chat.room?.is_verified ?? chat.room?.member?.is_verified}
        onBack={onBack}
        onOptions={() => setOptionsOpen(true)}
        onOpenProfile={options.onViewProfile}
        ended={ended}
      />
      {ended && (
        <div className="chat-ended" role="status">
          <p className="chat-ended-text">{CHAT_SAFETY_TEXTS.ended}</p>
          {options.onReport && (
            <button type="button" className="btn-outline chat-ended-report" onClick={options.onReport}>
              <i className="pi pi-flag" aria-hidden="true" /> {CHAT_SAFETY_TEXTS.report}
            </button>
          )}
        </div>
      )}
      {/* An ended conversation keeps what was on screen; opened again, it has nothing to load. */}
      {(!ended || chat.messages.length > 0) && <MessageList
        messages={chat.messages}
        myId={chat.myId}
        status={chat.messagesStatus}
        hasEarlier={chat.hasEarlier}
        loadingEarlier={chat.loadingEarlier}
        onLoadEarlier={chat.loadEarlier}
        onRetry={chat.retryMessages}
        editingId={editing?.id ?? null}
        onEdit={ended ? undefined : setEditing}
        onDelete={ended ? undefined : (message) => void remove(message)}
        onReport={reportMessage}
        onReportMessage={safety && memberId ? (message) => setReporting({ messageId: message.id }) : undefined}
        seenAt={chat.room?.seen_at}
      />}
      <div className="chat-footer">
        <TypingIndicator typers={chat.typers} />
        {editing && !editingGone && (
          <EditPanel
            key={editing.id}
            initialText={editing.message}
            onCancel={() => setEditing(null)}
            onSave={async (text) => {
              const saved = await chat.edit(editing, text);
              if (saved) setEditing(null);
              return saved;
            }}
          />
        )}
        {/* Issue 29: the member's request waits for the other member, who may send no more until then. */}
        {chat.room?.awaiting_acceptance && !ended && (
          <p className="request-waiting-note" role="status" data-testid="request-waiting">
            {CHAT_REQUEST_MESSAGES.pending(otherName)}
          </p>
        )}
        {/* Hidden, not removed, while editing: a draft in the composer survives an edit. */}
        <div hidden={Boolean(editing && !editingGone)}>
          <Composer onSend={chat.send} onTyping={chat.notifyTyping} disabled={ended} />
        </div>
      </div>
      {optionsOpen && <ChatOptionsSheet {...options} onClose={closeOptions} />}
      {reporting && safety && memberId && safety.renderReport({
        memberId, name: otherName, messageId: reporting.messageId, onClose: () => setReporting(null), onBlocked: onLeft,
      })}
    </section>
  );
}
