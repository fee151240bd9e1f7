import { describe, expect, it } from 'vitest';
import { messagesView } from '@/features/chat/utils/messages-view';

describe('messagesView (issue 17 item 16)', () => {
  it('on a phone shows the list, or the chat on its own page when a room is open', () => {
    expect(messagesView(undefined, false)).toBe('list');
    expect(messagesView('room_1', false)).toBe('chat');
  });

  it('on a wide screen shows the list and the pane side by side, with or without a room', () => {
    expect(messagesView(undefined, true)).toBe('split');
    expect(messagesView('room_1', true)).toBe('split');
  });
});
