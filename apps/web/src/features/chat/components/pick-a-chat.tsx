import { PICK_A_CHAT_TEXTS } from '@/features/chat/utils/messages-view';

/** The right-hand pane of Messages on a wide screen while no chat is open. */
export function PickAChat() {
  return (
    <div className="chat-empty pick-a-chat" data-testid="pick-a-chat">
      <span className="chat-empty-icon" aria-hidden="true"><i className="pi pi-comments" /></span>
      <h2 className="chat-empty-title">{PICK_A_CHAT_TEXTS.title}</h2>
      <p className="chat-empty-text">{PICK_A_CHAT_TEXTS.text}</p>
    </div>
  );
}
