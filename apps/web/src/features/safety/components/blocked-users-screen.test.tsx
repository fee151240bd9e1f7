import type { BlockedMember } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '@/lib/dialogs';
import { buildSession, calledEndpoints, json, mockApi, apiError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: vi.fn(async () => true), alertDialog: vi.fn() }));

const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });
const page = (items: BlockedMember[], current = 1, last = 1, total = items.length) => ({ items, pagination: { current_page: current, last_page: last, per_page: 20, total } });
const member = (id: string, name: string, photo: string | null = null): BlockedMember => ({ id, name, photo, blocked_at: '2025-03-04T10:00:00.000Z' });

async function openPage() {
  const view = renderApp('/app/blocked-users', { session: buildSession() });
  await screen.findByRole('heading', { level: 1, name: 'Blocked Users' });
  return { ...view, user: userEvent.setup() };
}

beforeEach(() => vi.mocked(confirmDialog).mockReset().mockResolvedValue(true));
afterEach(() => vi.unstubAllGlobals());

describe('/app/blocked-users', () => {
  it('lists blocked members with photo or initials, name and "Blocked on <date>"', async () => {
    mockApi({ 'GET /api/blocks': () => ok(page([member('u1', 'Lerato Molefe', '/media/photos/a/thumb.webp'), member('u2', 'Sipho Mokoena')])) });
    await openPage();
    const list = await screen.findByRole('list', { name: 'Blocked members' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Lerato Molefe');
    expect(rows[0]).toHaveTextContent('Blocked on Mar 4, 2025');
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/media/photos/a/thumb.webp');
    expect(rows[1]).toHaveTextContent('SM');
  });

  it('shows an empty state', async () => {
    mockApi({ 'GET /api/blocks': () => ok(page([])) });
    await openPage();
    expect(await screen.findByRole('heading', { level: 2, name: "You haven't blocked anyone" })).toBeInTheDocument();
  });

  it('unblocks after a confirmation, and the list reloads', async () => {
    let blocked = [member('u1', 'Lerato Molefe'), member('u2', 'Sipho Mokoena')];
    const fetch = mockApi({
      'GET /api/blocks': () => ok(page(blocked)),
      'DELETE /api/users/u2/block': () => {
        blocked = blocked.filter((m) => m.id !== 'u2');
        return ok(null, 'Member unblocked.');
      },
    });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Unblock Sipho Mokoena' }));
    // Issue 32: the question's button says what it does.
    expect(confirmDialog).toHaveBeenCalledWith('Unblock Sipho Mokoena?', expect.any(String), { confirmLabel: 'Unblock' });
    expect(await screen.findByText('Member unblocked.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Sipho Mokoena')).not.toBeInTheDocument());
    expect(calledEndpoints(fetch)).toContain('DELETE /api/users/u2/block');
  });

  it('keeps the member blocked when the confirmation is cancelled', async () => {
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    const fetch = mockApi({ 'GET /api/blocks': () => ok(page([member('u1', 'Lerato Molefe')])) });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Unblock Lerato Molefe' }));
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(calledEndpoints(fetch)).not.toContain('DELETE /api/users/u1/block');
  });

  it('loads more with "Show more"', async () => {
    mockApi({
      'GET /api/blocks': (url) =>
        new URL(url, 'http://x').searchParams.get('page') === '2'
          ? ok(page([member('u3', 'Third Member')], 2, 2, 21))
          : ok(page([member('u1', 'First Member')], 1, 2, 21)),
    });
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Third Member')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it('offers to try again when the list could not be loaded', async () => {
    let calls = 0;
    mockApi({ 'GET /api/blocks': () => (++calls === 1 ? apiError(400, 'Bad') : ok(page([member('u1', 'Lerato Molefe')]))) });
    const { user } = await openPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your blocked members could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Lerato Molefe')).toBeInTheDocument();
  });
});
