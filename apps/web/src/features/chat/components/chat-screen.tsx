import '@/features/chat/chat.css';
import { MESSAGES_PATH, UI_TEXTS, type ChatMessage } from '@linkup/contract';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { ChatHeader } from '@/features/chat/components/chat-header';
import { ChatOptionsSheet } from '@/features/chat/components/chat-options-sheet';
import { Composer } from '@/features/chat/components/composer';
import { EditPanel } from '@/features/chat/components/edit-panel';
import { MessageList } from '@/features/chat/components/message-list';
import { TypingIndicator } from '@/features/chat/components/typing-indicator';
import { useChatRoom } from '@/features/chat/hooks/use-chat-room';
import { useReportMessage } from '@/features/chat/hooks/use-report-message';
import { confirmDialog } from '@/lib/dialogs';

/** A room the member left, or that is no longer there (404): said plainly, with the way on (issue 17). */
export const CHAT_GONE_TEXTS = {
  title: 'You left this chat',
  text: 'Or it is no longer available. Start a new chat from Messages: search for the member there.',
  action: 'Go to Messages',
} as const;

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
}

/** The Chat screen (spec §2): header, conversation, typing indicator, and the composer or the edit panel. */
export function ChatScreen({ title, pageHeading = true, roomId, onBack, onLeft }: ChatScreenProps) {
  const chat = useChatRoom(roomId);
  const reportMessage = useReportMessage();
  const [optionsOpen, setOptionsOpen] = useState(false);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const closeOptions = useCallback(() => setOptionsOpen(false), []);

  async function leave() {
    setOptionsOpen(false);
    if (!(await confirmDialog(UI_TEXTS.chat.leaveConfirm, undefined, { destructive: true, confirmLabel: UI_TEXTS.chat.leaveChat }))) return;
    if (await chat.leave()) onLeft();
  }

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
      <ChatHeader title={pageHeading ? title : null} name={chat.room?.name ?? (chat.roomFailed ? title : undefined)} onBack={onBack} onOptions={() => setOptionsOpen(true)} />
      <MessageList
        messages={chat.messages}
        myId={chat.myId}
        status={chat.messagesStatus}
        hasEarlier={chat.hasEarlier}
        loadingEarlier={chat.loadingEarlier}
        onLoadEarlier={chat.loadEarlier}
        onRetry={chat.retryMessages}
        editingId={editing?.id ?? null}
        onEdit={setEditing}
        onDelete={(message) => void remove(message)}
        onReport={reportMessage}
      />
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
        {/* Hidden, not removed, while editing: a draft in the composer survives an edit. */}
        <div hidden={Boolean(editing && !editingGone)}>
          <Composer onSend={chat.send} onTyping={chat.notifyTyping} />
        </div>
      </div>
      {optionsOpen && <ChatOptionsSheet onLeave={() => void leave()} onClose={closeOptions} />}
    </section>
  );
}
