import type { PublicProfile } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '@/lib/dialogs';
import { buildSession, calledEndpoints, json, mockApi, sentBody, type FetchHandler, apiError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: vi.fn(async () => true), alertDialog: vi.fn() }));

const ok = (data: unknown, status = 200, message?: string) => json(status, { success: true, data, ...(message ? { message } : {}) });
const sipho: PublicProfile = {
  id: 'usr_sipho', name: 'Sipho Mokoena', age: 31, gender: 'male', city: 'Durban', province: 'KwaZulu-Natal', distance: null,
  about: null, photos: [], interests: [], marital_status: null, body_type: null, relationship_type: null, how_often_drink: null,
  love_language: null, height_cm: null, job_title: null, education: null, last_active_at: null, is_online: null,
};
const blocked = { id: 'usr_sipho', name: 'Sipho Mokoena', photo: null, blocked_at: '2025-03-01T10:00:00.000Z' };
const report = (blockedToo: boolean) => ({ id: 'rep_1', reason: 'other', blocked: blockedToo, created_at: '2025-03-01T10:00:00.000Z' });

function api(handlers: Record<string, FetchHandler> = {}) {
  return mockApi({ 'GET /api/users/usr_sipho': () => ok(sipho), ...handlers });
}

async function openProfile() {
  const view = renderApp('/app/user/usr_sipho', { session: buildSession() });
  await screen.findByRole('heading', { level: 2, name: 'Sipho Mokoena, 31' });
  return { ...view, user: userEvent.setup() };
}

async function chooseOption(user: ReturnType<typeof userEvent.setup>, name: 'Block' | 'Report') {
  await user.click(screen.getByRole('button', { name: 'Profile options' }));
  await user.click(await screen.findByRole('menuitem', { name }));
}

beforeEach(() => vi.mocked(confirmDialog).mockReset().mockResolvedValue(true));
afterEach(() => vi.unstubAllGlobals());

describe('profile options: Block', () => {
  it('asks first, blocks, says so and leaves the page', async () => {
    const fetch = api({ 'POST /api/users/usr_sipho/block': () => ok(blocked, 201, 'Member blocked. You will no longer see each other.') });
    const { user, router } = await openProfile();
    await chooseOption(user, 'Block');
    expect(confirmDialog).toHaveBeenCalledWith('Block Sipho Mokoena?', expect.stringContaining('unblock them from Blocked Users'), { destructive: true, confirmLabel: 'Block' });
    expect(await screen.findByText('Member blocked. You will no longer see each other.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(calledEndpoints(fetch)).toContain('POST /api/users/usr_sipho/block');
  });

  it('does nothing when the member changes their mind', async () => {
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    const fetch = api();
    const { user, router } = await openProfile();
    await chooseOption(user, 'Block');
    await waitFor(() => expect(confirmDialog).toHaveBeenCalled());
    expect(calledEndpoints(fetch)).not.toContain('POST /api/users/usr_sipho/block');
    expect(router.state.location.pathname).toBe('/app/user/usr_sipho');
  });
});

describe('profile options: Report', () => {
  it('lists the reasons as radio buttons, with "Also block this member" checked by default', async () => {
    api();
    const { user } = await openProfile();
    await chooseOption(user, 'Report');
    const dialog = await screen.findByRole('dialog', { name: 'Report Sipho Mokoena' });
    const reasons = within(dialog).getAllByRole('radio');
    expect(reasons.map((r) => ((r as HTMLInputElement).labels?.[0]?.textContent ?? ''))).toEqual([
      'Fake profile', 'Inappropriate photos', 'Harassment', 'Threats or violence', 'Scam or spam', 'Under 18', 'Something else',
    ]);
    expect(within(dialog).getByRole('checkbox', { name: 'Also block this member' })).toBeChecked();
  });

  it('needs a reason, and details for "Something else"; then reports, blocks and leaves', async () => {
    const fetch = api({ 'POST /api/users/usr_sipho/report': () => ok(report(true), 201, 'Thank you. Our team will review your report, and the member has been blocked.') });
    const { user, router } = await openProfile();
    await chooseOption(user, 'Report');
    const dialog = await screen.findByRole('dialog', { name: 'Report Sipho Mokoena' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Choose a reason.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Tell us what happened.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Details (required)')).toHaveAttribute('aria-invalid', 'true');
    expect(calledEndpoints(fetch)).not.toContain('POST /api/users/usr_sipho/report');

    await user.type(within(dialog).getByLabelText('Details (required)'), 'Asked me for money.');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. Our team will review your report, and the member has been blocked.')).toBeInTheDocument();
    expect(sentBody(fetch, 'POST /api/users/usr_sipho/report')).toEqual({ reason: 'other', details: 'Asked me for money.', block: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
  });

  it('reports without blocking when unticked, and stays on the profile', async () => {
    const fetch = api({ 'POST /api/users/usr_sipho/report': () => ok(report(false), 201, 'Thank you. Our team will review your report.') });
    const { user, router } = await openProfile();
    await chooseOption(user, 'Report');
    const dialog = await screen.findByRole('dialog', { name: 'Report Sipho Mokoena' });
    await user.click(within(dialog).getByRole('radio', { name: 'Fake profile' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Also block this member' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('Thank you. Our team will review your report.')).toBeInTheDocument();
    expect(sentBody(fetch, 'POST /api/users/usr_sipho/report')).toEqual({ reason: 'fake_profile', details: null, block: false });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/app/user/usr_sipho');
  });

  it('shows the server’s words when the daily limit is reached (429), and its field errors (422)', async () => {
    let calls = 0;
    api({
      'POST /api/users/usr_sipho/report': () =>
        ++calls === 1
          ? apiError(422, 'Validation failed.', { details: ['Details can be at most 1000 characters.'] })
          : apiError(429, 'You have sent too many reports today. Please try again tomorrow.'),
    });
    const { user } = await openProfile();
    await chooseOption(user, 'Report');
    const dialog = await screen.findByRole('dialog', { name: 'Report Sipho Mokoena' });
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Details can be at most 1000 characters.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have sent too many reports today. Please try again tomorrow.');
  });
});
