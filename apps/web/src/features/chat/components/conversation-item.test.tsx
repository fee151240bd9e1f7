import type { ChatRoom } from '@linkup/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ConversationItem } from '@/features/chat/components/conversation-item';
import { buildMessage } from '@/test/fake-socket';

const now = new Date(2030, 0, 10, 18, 0);
const room = (overrides: Partial<ChatRoom> = {}): ChatRoom => ({
  id: 'room_1', name: 'Chat with Thandi Nkosi', unread_count: 0, latest_message: null, last_activity: null, ...overrides,
});

function renderItem(r: ChatRoom, unread = r.unread_count) {
  render(
    <MemoryRouter>
      <ul>
        <ConversationItem room={r} to="/app/messages/room_1" unread={unread} now={now} />
      </ul>
    </MemoryRouter>,
  );
  return screen.getByRole('link');
}

describe('conversation item (spec §2 "Messages screen")', () => {
  it('shows initials (2 letters at most), the name, the latest message and the time, and opens the chat', () => {
    const latest = buildMessage({ message: 'See you Friday?', created_at: new Date(2030, 0, 10, 9, 5).toISOString() });
    const link = renderItem(room({ latest_message: latest, last_activity: latest.created_at }));
    expect(link).toHaveAttribute('href', '/app/messages/room_1');
    expect(within(link).getByTestId('chat-avatar')).toHaveTextContent(/^TN$/);
    // Issue 32: the member's name, not the room's "Chat with …".
    expect(link).toHaveTextContent('Thandi Nkosi');
    expect(link).not.toHaveTextContent('Chat with');
    expect(link).toHaveTextContent('See you Friday?');
    expect(link).toHaveTextContent('9:05 AM');
    expect(within(link).queryByTestId('unread-badge')).toBeNull();
  });

  it('shows the other member\'s photo and current name (issue 32), initials when the photo cannot load', () => {
    const photo = { thumb: '/media/photos/t.webp', medium: '/media/photos/m.webp', large: '/media/photos/l.webp' };
    const link = renderItem(room({ member: { id: 'usr_2', name: 'Thandi Mokoena', age: 29, city: 'Durban', photo } }));
    expect(link).toHaveTextContent('Thandi Mokoena');
    expect(link).not.toHaveTextContent('Chat with');
    const image = within(link).getByTestId('chat-avatar').querySelector('img');
    expect(image).toHaveAttribute('src', '/media/photos/t.webp');
    fireEvent.error(image!);
    expect(within(link).getByTestId('chat-avatar')).toHaveTextContent(/^TM$/);
  });

  it("shows 'No messages yet' without a latest message", () => {
    expect(renderItem(room())).toHaveTextContent('No messages yet');
  });

  it('shows the unread count, 9+ above nine', () => {
    const link = renderItem(room({ unread_count: 3 }));
    expect(within(link).getByTestId('unread-badge')).toHaveTextContent('3');
  });

  it('caps the badge at 9+ and says the real count to screen readers', () => {
    const link = renderItem(room(), 12);
    const badge = within(link).getByTestId('unread-badge');
    expect(within(badge).getByText('9+')).toBeInTheDocument();
    expect(within(badge).getByText('12 unread messages')).toHaveClass('sr-only');
  });

  it('shows a weekday within 7 days and month and day before that', () => {
    const { unmount } = render(
      <MemoryRouter>
        <ul>
          <ConversationItem room={room({ last_activity: new Date(2030, 0, 7, 12).toISOString() })} to="/x" unread={0} now={now} />
          <ConversationItem room={room({ id: 'r2', last_activity: new Date(2029, 11, 20, 12).toISOString() })} to="/y" unread={0} now={now} />
        </ul>
      </MemoryRouter>,
    );
    const [recent, older] = screen.getAllByRole('link');
    expect(recent).toHaveTextContent('Mon');
    expect(older).toHaveTextContent('Dec 20, 2029');
    unmount();
  });
});
