import type { ModerationMemberDetail } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, json, mockApi, sentBody } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const ok = (data: unknown) => json(200, { success: true, data });
const record: ModerationMemberDetail = {
  member: { id: 'u_ben', name: 'Ben Subject', photo: null, created_at: '2026-01-01T00:00:00.000Z', deleted: false, standing: 'warned', strikes: 1, false_reporter: false },
  roles: [], until: null, reports_against: [], reports_filed: [], decisions: [],
};

afterEach(() => vi.unstubAllGlobals());

describe('/moderation/members/:id (issue 30)', () => {
  it('shows the standing, and lets an admin change the roles', async () => {
    const fetch = mockApi({
      'GET /api/moderation/members/u_ben': () => ok(record),
      'PUT /api/moderation/members/u_ben/roles': () => ok({ id: 'u_ben', roles: ['moderator'] }),
    });
    renderApp('/moderation/members/u_ben', { session: buildSession({ roles: ['admin'] }) });
    const user = userEvent.setup();
    expect(await screen.findByText(/Ben Subject · warned · 1 strikes/)).toBeInTheDocument();
    const roles = screen.getByRole('form', { name: 'Roles' });
    await user.click(within(roles).getByRole('checkbox', { name: 'Moderator' }));
    await user.click(within(roles).getByRole('button', { name: 'Save roles' }));
    await waitFor(() => expect(sentBody(fetch, 'PUT /api/moderation/members/u_ben/roles')).toEqual({ roles: ['moderator'] }));
  });

  it('a moderator who is not an admin gets no role controls', async () => {
    mockApi({ 'GET /api/moderation/members/u_ben': () => ok(record) });
    renderApp('/moderation/members/u_ben', { session: buildSession({ roles: ['moderator'] }) });
    expect(await screen.findByText(/Ben Subject · warned/)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Roles' })).not.toBeInTheDocument();
  });
});
