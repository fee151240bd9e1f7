import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentTitle } from '@/app/document-title';
import { useUnreadStore } from '@/lib/unread-store';

afterEach(() => act(() => useUnreadStore.getState().reset()));

describe('the tab title (issue 32 item 13)', () => {
  it('carries the unread messages, "(3) Messages · LinkUp", and drops them once read', () => {
    render(<MemoryRouter initialEntries={['/app/messages']}><DocumentTitle /></MemoryRouter>);
    expect(document.title).toBe('Messages · LinkUp');

    act(() => useUnreadStore.getState().setAll([
      { id: 'room_1', unread_count: 2, latest_message: null },
      { id: 'room_2', unread_count: 1, latest_message: null },
    ]));
    expect(document.title).toBe('(3) Messages · LinkUp');

    act(() => useUnreadStore.getState().setAll([{ id: 'room_1', unread_count: 12, latest_message: null }]));
    expect(document.title).toBe('(9+) Messages · LinkUp');

    act(() => useUnreadStore.getState().read('room_1'));
    expect(document.title).toBe('Messages · LinkUp');
  });
});
