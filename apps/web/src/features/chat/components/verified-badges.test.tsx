import type { ChatRoom } from '@linkup/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ChatHeader } from '@/features/chat/components/chat-header';
import { ConversationItem } from '@/features/chat/components/conversation-item';

/** Issue 31: the blue check beside a photo-verified member in the chat list and the chat's header. */
const room = (overrides: Partial<ChatRoom> = {}): ChatRoom => ({
  id: 'room_1', name: 'Chat with Thandi Nkosi', unread_count: 0, latest_message: null, last_activity: null, ...overrides,
});

function item(r: ChatRoom) {
  render(<MemoryRouter><ul><ConversationItem room={r} to="/app/messages/room_1" unread={0} /></ul></MemoryRouter>);
  return screen.getByRole('link');
}

describe('the verified badge in chat (issue 31)', () => {
  it('shows beside a verified member in the conversation list, from the room or its member summary', () => {
    const member = { id: 'usr_thandi', name: 'Thandi Nkosi', age: 28, city: 'Durban', photo: null };
    expect(within(item(room({ is_verified: true }))).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    cleanup();
    expect(within(item(room({ member: { ...member, is_verified: true } }))).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    cleanup();
    expect(within(item(room({ member }))).queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();
  });

  it('shows beside the name in the chat header once the name is there', () => {
    const { rerender } = render(<ChatHeader title="Chat" name={undefined} verified onBack={vi.fn()} />);
    expect(screen.queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();
    rerender(<ChatHeader title="Chat" name="Thandi Nkosi" verified onBack={vi.fn()} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Thandi Nkosi Verified' })).toBeInTheDocument();
  });
});
