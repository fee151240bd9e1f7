// Safe contact (issue 29): banners under flagged messages, "Does this bother you?", "Are you sure?", links.
import { SAFE_CONTACT_TEXTS, type ChatMessage, type ChatRoom } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMessage, fakeSocket } from '@/test/fake-socket';
import { openDialog } from '@/lib/dialogs';
import { useUnreadStore } from '@/lib/unread-store';
import { apiError, buildSession, calledEndpoints, json, mockApi, sentBody, type FetchHandler } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/socket', () => import('@/test/fake-socket').then((m) => m.fakeSocketModule()));
vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), openDialog: vi.fn(async () => 'confirm' as const) }));

const ME = 'usr_me';
const THEM = 'usr_t';
const session = buildSession({ id: ME, name: 'Alex Demo' });
const ROOM: ChatRoom = { id: 'room_1', name: 'Chat with Thandi Nkosi', unread_count: 0, latest_message: null, last_activity: null };
const ok = (data: unknown) => json(200, { success: true, data });
const at = (second: number) => new Date(Date.UTC(2030, 0, 1, 10, 0, second)).toISOString();
const page = (items: ChatMessage[]) => ({ items, pagination: { current_page: 1, last_page: 1, per_page: 50, total: items.length } });

/** `count` plain messages, alternating, oldest first — before the flagged ones. */
const chatter = (mine: number, theirs: number): ChatMessage[] => [
  ...Array.from({ length: mine }, (_, i) => buildMessage({ id: `mine_${i}`, user_id: ME, message: `mine ${i}`, created_at: at(i * 2), flags: [] })),
  ...Array.from({ length: theirs }, (_, i) => buildMessage({ id: `theirs_${i}`, user_id: THEM, message: `theirs ${i}`, created_at: at(i * 2 + 1), flags: [] })),
];

function api(messages: ChatMessage[], handlers: Record<string, FetchHandler> = {}) {
  return mockApi({
    'GET /api/chat/rooms/room_1': () => ok(ROOM),
    'GET /api/chat/rooms/room_1/messages': () => ok(page([...messages].reverse())),
    'POST /api/chat/rooms/room_1/read': () => ok({ read_at: at(59) }),
    'GET /api/chat/rooms': () => ok({ items: [ROOM], pagination: { current_page: 1, last_page: 1, per_page: 100, total: 1 } }),
    ...handlers,
  });
}

async function openChat() {
  renderApp('/app/messages/room_1', { session });
  await screen.findByRole('heading', { level: 2, name: 'Thandi Nkosi' });
  return userEvent.setup();
}

const bubbleOf = async (text: string) => (await screen.findByText(text)).closest('li')!;

beforeEach(() => {
  fakeSocket.reset();
  useUnreadStore.getState().reset();
  vi.mocked(openDialog).mockReset().mockResolvedValue('confirm');
});

describe('safety banners under flagged messages (issue 29)', () => {
  it('shows the recipient a calm banner with Report under a message asking to move off LinkUp or for money; none under mine', async () => {
    api([
      buildMessage({ id: 'm1', user_id: THEM, message: 'WhatsApp me on 082 123 4567', created_at: at(1), flags: ['contact_details'] }),
      buildMessage({ id: 'm2', user_id: THEM, message: 'Send me a gift card', created_at: at(2), flags: ['money'] }),
      buildMessage({ id: 'm3', user_id: ME, message: 'my number is 082 123 4567', created_at: at(3), flags: [] }),
    ]);
    await openChat();
    const offPlatform = await bubbleOf('WhatsApp me on 082 123 4567');
    expect(within(offPlatform).getByRole('note')).toHaveTextContent("Be careful: they're asking to move off LinkUp");
    expect(within(offPlatform).getByRole('button', { name: 'Report' })).toBeInTheDocument();
    const money = await bubbleOf('Send me a gift card');
    expect(within(money).getByRole('note')).toHaveTextContent("Be careful: they're asking for money. LinkUp will never ask you to pay anyone.");
    expect(within(await bubbleOf('my number is 082 123 4567')).queryByRole('note')).toBeNull();
  });

  it('shows no banner once the pair has exchanged 20 messages', async () => {
    api([...chatter(10, 9), buildMessage({ id: 'm1', user_id: THEM, message: 'Text me on 082 123 4567', created_at: at(50), flags: ['contact_details'] })]);
    await openChat();
    const bubble = await bubbleOf('Text me on 082 123 4567');
    expect(screen.getAllByTestId('message')).toHaveLength(20);
    expect(within(bubble).queryByRole('note')).toBeNull();
    expect(screen.queryByText(SAFE_CONTACT_TEXTS.offPlatform)).toBeNull();
  });

  it('reports the member and the message in one tap from the banner', async () => {
    const fetch = api([buildMessage({ id: 'm1', user_id: THEM, message: 'pay me with bitcoin', created_at: at(1), flags: ['money'] })], {
      'POST /api/users/usr_t/report': () =>
        json(201, { success: true, data: { id: 'rep_1', reason: 'scam_or_spam', blocked: false, created_at: at(40) }, message: 'Thank you. Our team will review your report.' }),
    });
    const user = await openChat();
    await user.click(within(await bubbleOf('pay me with bitcoin')).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(calledEndpoints(fetch)).toContain('POST /api/users/usr_t/report'));
    expect(sentBody(fetch, 'POST /api/users/usr_t/report')).toEqual({ reason: 'scam_or_spam', message_id: 'm1' });
    expect(await within(await bubbleOf('pay me with bitcoin')).findByRole('status')).toHaveTextContent(SAFE_CONTACT_TEXTS.reported);
  });
});

describe('"Does this bother you?" (issue 29)', () => {
  it('asks the recipient under a hurtful message and reports it in one tap, the message as evidence', async () => {
    const fetch = api([...chatter(12, 12), buildMessage({ id: 'm9', user_id: THEM, message: 'you are an idiot', created_at: at(55), flags: ['offensive'] })], {
      'POST /api/users/usr_t/report': () =>
        json(201, { success: true, data: { id: 'rep_2', reason: 'harassment', blocked: false, created_at: at(56) }, message: 'Thank you. Our team will review your report.' }),
    });
    const user = await openChat();
    const bubble = await bubbleOf('you are an idiot');
    expect(within(bubble).getByRole('note')).toHaveTextContent('Does this bother you?');
    await user.click(within(bubble).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(sentBody(fetch, 'POST /api/users/usr_t/report')).toEqual({ reason: 'harassment', message_id: 'm9' }));
    expect(calledEndpoints(fetch).filter((e) => e === 'POST /api/users/usr_t/report')).toHaveLength(1);
  });
});

describe('links (issue 29)', () => {
  const withLink = () => buildMessage({ id: 'ml', user_id: THEM, message: 'see https://example.com/menu.', created_at: at(58), flags: ['link'] });

  it('stay plain text until both have sent 5 messages', async () => {
    api([...chatter(4, 5), withLink()]);
    await openChat();
    await bubbleOf('see https://example.com/menu.');
    expect(screen.queryByRole('link', { name: 'https://example.com/menu' })).toBeNull();
  });

  it('work once both have sent 5 messages (the text stays text)', async () => {
    api([...chatter(5, 4), withLink()]);
    await openChat();
    const link = await screen.findByRole('link', { name: 'https://example.com/menu' });
    expect(link).toHaveAttribute('href', 'https://example.com/menu');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(link.closest('.bubble-text')).toHaveTextContent('see https://example.com/menu.');
  });
});

describe('"Are you sure? This may be hurtful." (issue 29)', () => {
  const sent = buildMessage({ id: 'sent_1', user_id: ME, message: 'you idiot', created_at: at(30), flags: [] });
  const hurtfulThenSent = () => {
    let attempt = 0;
    return () => (attempt++ === 0 ? apiError(409, SAFE_CONTACT_TEXTS.confirmRequired, undefined, 'confirm_required') : json(201, { success: true, data: sent }));
  };

  it('Send anyway sends the message again with confirm', async () => {
    const fetch = api([], { 'POST /api/chat/messages': hurtfulThenSent() });
    const user = await openChat();
    await user.type(screen.getByPlaceholderText('Type a message...'), 'you idiot{Enter}');
    await waitFor(() => expect(calledEndpoints(fetch).filter((e) => e === 'POST /api/chat/messages')).toHaveLength(2));
    expect(openDialog).toHaveBeenCalledWith({ title: 'Are you sure? This may be hurtful.', confirmLabel: 'Send anyway', cancelLabel: 'Edit' });
    expect(sentBody(fetch, 'POST /api/chat/messages', 0)).not.toHaveProperty('confirm');
    expect(sentBody(fetch, 'POST /api/chat/messages', 1)).toMatchObject({ message: 'you idiot', confirm: true });
    expect(await screen.findByText('you idiot')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Type a message...')).toHaveValue('');
  });

  it('Edit puts the text back in the box and sends nothing more', async () => {
    vi.mocked(openDialog).mockResolvedValue('cancel');
    const fetch = api([], { 'POST /api/chat/messages': hurtfulThenSent() });
    const user = await openChat();
    await user.type(screen.getByPlaceholderText('Type a message...'), 'you idiot{Enter}');
    await waitFor(() => expect(screen.getByPlaceholderText('Type a message...')).toHaveValue('you idiot'));
    expect(calledEndpoints(fetch).filter((e) => e === 'POST /api/chat/messages')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
