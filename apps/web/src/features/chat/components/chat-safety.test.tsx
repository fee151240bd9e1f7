import { CHAT_SAFETY_TEXTS, SAFETY_MESSAGES, type ChatMessage, type ChatRoom } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMessage, fakeSocket } from '@/test/fake-socket';
import { confirmDialog } from '@/lib/dialogs';
import { useUnreadStore } from '@/lib/unread-store';
import { apiError, buildSession, calledEndpoints, json, mockApi, sentBody, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));
vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: vi.fn(async () => true), alertDialog: vi.fn() }));

const ME = 'usr_me';
const THANDI = 'usr_thandi';
const session = buildSession({ id: ME, name: 'Alex Demo' });
const ROOM: ChatRoom = {
  id: 'room_1', name: 'Chat with Thandi Nkosi', unread_count: 0, latest_message: null, last_activity: null,
  member_id: THANDI, match_id: 'match_1', ended: false,
};
const ENDED: ChatRoom = { ...ROOM, match_id: null, ended: true };
const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });
const page = (items: ChatMessage[]) => ({ items, pagination: { current_page: 1, last_page: 1, per_page: 50, total: items.length } });
const hers = buildMessage({ id: 'm1', chat_room_id: 'room_1', user_id: THANDI, message: 'Send me money', created_at: '2030-01-01T10:01:00.000Z' });

function api(handlers: Record<string, FetchHandler> = {}) {
  return mockApi({
    'GET /api/chat/rooms/room_1': () => ok(ROOM),
    'GET /api/chat/rooms/room_1/messages': () => ok(page([hers])),
    'POST /api/chat/rooms/room_1/read': () => ok({ read_at: '2030-01-01T10:02:00.000Z' }),
    'GET /api/chat/rooms': () => ok({ items: [ROOM], pagination: { current_page: 1, last_page: 1, per_page: 100, total: 1 } }),
    ...handlers,
  });
}

async function openChat() {
  const view = renderApp('/app/messages/room_1', { session });
  await screen.findByRole('heading', { level: 2, name: 'Thandi Nkosi' });
  return { ...view, user: userEvent.setup() };
}
const options = () => screen.getByRole('dialog', { name: 'Chat options' });

beforeEach(() => {
  fakeSocket.reset();
  useUnreadStore.getState().reset();
  vi.mocked(confirmDialog).mockReset().mockResolvedValue(true);
});
afterEach(() => vi.unstubAllGlobals());

describe('Chat screen: safety in every chat (issue 29)', () => {
  it('offers View profile, Unmatch (when matched), Block, Report and Leave', async () => {
    api();
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Chat options' }));
    expect(within(options()).getAllByRole('button').map((b) => b.textContent?.trim())).toEqual([
      'View profile', 'Unmatch', 'Block', 'Report', 'Leave Chat', 'Cancel',
    ]);
  });

  it('leaves Unmatch out when the two are not matched', async () => {
    api({ 'GET /api/chat/rooms/room_1': () => ok({ ...ROOM, match_id: null }) });
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Chat options' }));
    expect(within(options()).queryByRole('button', { name: 'Unmatch' })).toBeNull();
    expect(within(options()).getByRole('button', { name: 'Block' })).toBeInTheDocument();
  });

  it("the header's name opens the other member's profile", async () => {
    api({ 'GET /api/users/usr_thandi': () => apiError(404, SAFETY_MESSAGES.memberUnavailable, undefined, 'member_not_found') });
    const { user, router } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Thandi Nkosi' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/user/usr_thandi'));
    // The profile's answer arrived (and its mock was checked against the contract) within the test.
    expect(await screen.findByRole('heading', { name: "This profile isn't available" })).toBeInTheDocument();
  });

  it('Unmatch asks first, saying what happens, then unmatches and returns to Messages', async () => {
    const fetch = api({ 'DELETE /api/matches/match_1': () => ok(null, 'Unmatched.') });
    const { user, router } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Chat options' }));
    await user.click(within(options()).getByRole('button', { name: 'Unmatch' }));
    expect(confirmDialog).toHaveBeenCalledWith('Unmatch Thandi Nkosi?', "They won't be told. You won't see each other again.", expect.objectContaining({ destructive: true }));
    await waitFor(() => expect(calledEndpoints(fetch)).toContain('DELETE /api/matches/match_1'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/messages'));
  });

  it('Block asks first; declined, nothing is sent', async () => {
    vi.mocked(confirmDialog).mockResolvedValue(false);
    const fetch = api();
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Chat options' }));
    await user.click(within(options()).getByRole('button', { name: 'Block' }));
    expect(confirmDialog).toHaveBeenCalledWith('Block Thandi Nkosi?', "They won't be told. You won't see each other again.", expect.objectContaining({ destructive: true }));
    expect(calledEndpoints(fetch)).not.toContain('POST /api/users/usr_thandi/block');
  });

  it('Block, confirmed, blocks the member and returns to Messages', async () => {
    const fetch = api({
      'POST /api/users/usr_thandi/block': () => json(201, { success: true, data: { id: THANDI, name: 'Thandi Nkosi', photo: null, blocked_at: '2030-01-01T10:03:00.000Z' } }),
    });
    const { user, router } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Chat options' }));
    await user.click(within(options()).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(calledEndpoints(fetch)).toContain('POST /api/users/usr_thandi/block'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/messages'));
  });

  it('Report opens the report form for the other member', async () => {
    const fetch = api({
      'POST /api/users/usr_thandi/report': () => json(201, {
        success: true, data: { id: 'rep_1', reason: 'harassment', blocked: false, created_at: '2030-01-01T10:03:00.000Z' }, message: 'Thank you. Our team will review your report.',
      }),
    });
    const { user } = await openChat();
    await user.click(screen.getByRole('button', { name: 'Chat options' }));
    await user.click(within(options()).getByRole('button', { name: 'Report' }));
    const form = await screen.findByRole('dialog', { name: 'Report Thandi Nkosi' });
    await user.click(within(form).getByLabelText('Harassment'));
    await user.click(within(form).getByLabelText('Also block this member'));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(calledEndpoints(fetch)).toContain('POST /api/users/usr_thandi/report'));
    expect(sentBody(fetch, 'POST /api/users/usr_thandi/report')).toEqual({ reason: 'harassment', details: null, block: false });
  });

  it('"Report this message" on their message sends a report that names it; my own messages do not offer it', async () => {
    const mine = buildMessage({ id: 'm2', chat_room_id: 'room_1', user_id: ME, message: 'No', created_at: '2030-01-01T10:02:00.000Z' });
    const fetch = api({
      'GET /api/chat/rooms/room_1/messages': () => ok(page([mine, hers])),
      'POST /api/users/usr_thandi/report': () => json(201, {
        success: true, data: { id: 'rep_1', reason: 'scam_or_spam', blocked: true, message_id: 'm1', created_at: '2030-01-01T10:03:00.000Z' },
      }),
    });
    const { user } = await openChat();
    const [theirs, own] = await waitFor(() => {
      const rows = screen.getAllByTestId('message');
      expect(rows).toHaveLength(2);
      return rows;
    });
    expect(within(own!).queryByRole('button', { name: CHAT_SAFETY_TEXTS.reportMessage })).toBeNull();
    await user.click(within(theirs!).getByRole('button', { name: CHAT_SAFETY_TEXTS.reportMessage }));
    const form = await screen.findByRole('dialog', { name: 'Report Thandi Nkosi' });
    await user.click(within(form).getByLabelText('Scam or spam'));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(calledEndpoints(fetch)).toContain('POST /api/users/usr_thandi/report'));
    expect(sentBody(fetch, 'POST /api/users/usr_thandi/report')).toEqual({ reason: 'scam_or_spam', details: null, block: true, message_id: 'm1' });
  });
});

describe('Chat screen: the end of contact (issue 29)', () => {
  it('room.closed: "This conversation has ended.", the composer disabled, Report still there', async () => {
    let ended = false;
    api({ 'GET /api/chat/rooms/room_1': () => ok(ended ? ENDED : ROOM) });
    const { user } = await openChat();
    expect(await screen.findByText('Send me money')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Type a message...')).toBeEnabled();

    ended = true;
    await fakeSocket.deliver('room.closed', { channel: 'messages', chat_room_id: 'room_1' });
    expect(await screen.findByText('This conversation has ended.')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Type a message...')).toBeDisabled();
    // What was on screen stays, for a report.
    expect(screen.getByText('Send me money')).toBeInTheDocument();
    expect(screen.queryByText('You left this chat')).toBeNull();
    expect(screen.queryByText('Active now')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Report' }));
    expect(await screen.findByRole('dialog', { name: 'Report Thandi Nkosi' })).toBeInTheDocument();
  });

  it("another room's room.closed changes nothing", async () => {
    api();
    await openChat();
    await fakeSocket.deliver('room.closed', { channel: 'messages', chat_room_id: 'room_9' });
    expect(screen.queryByText('This conversation has ended.')).toBeNull();
    expect(screen.getByPlaceholderText('Type a message...')).toBeEnabled();
  });

  it('reopened, an ended room shows the same — never "You left this chat" — and its options only Report', async () => {
    api({
      'GET /api/chat/rooms/room_1': () => ok(ENDED),
      'GET /api/chat/rooms/room_1/messages': () => apiError(404, 'Chat room not found.'),
    });
    const { user } = await openChat();
    expect(await screen.findByText('This conversation has ended.')).toBeInTheDocument();
    expect(screen.queryByText('You left this chat')).toBeNull();
    expect(screen.getByPlaceholderText('Type a message...')).toBeDisabled();
    // No profile to open any more.
    expect(screen.queryByRole('button', { name: 'Thandi Nkosi' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Chat options' }));
    expect(within(options()).getAllByRole('button').map((b) => b.textContent?.trim())).toEqual(['Report', 'Cancel']);
  });
});
