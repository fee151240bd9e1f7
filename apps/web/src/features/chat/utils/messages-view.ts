/**
 * What Messages shows (issue 17 item 16): on a phone the conversation list, or the open chat on its
 * own page (spec §2: the chat is standalone); on a wide screen both side by side — the list, and
 * the open chat or a "Pick a chat" pane — at /app/messages, /app/messages/:id and /app/chat/:roomId.
 */
export type MessagesView = 'list' | 'chat' | 'split';

export function messagesView(roomId: string | undefined, wide: boolean): MessagesView {
  if (wide) return 'split';
  return roomId ? 'chat' : 'list';
}

/** The empty right-hand pane of the split view (no wording in the spec; see docs/decisions.md). */
export const PICK_A_CHAT_TEXTS = {
  title: 'Pick a chat',
  text: 'Choose a conversation from the list to read it and reply here, or search for a member to start one.',
} as const;
