import type { ModerationAppeal } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '@/lib/dialogs';
import { apiError, buildSession, calledEndpoints, json, mockApi, sentBody } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: vi.fn(async () => true) }));

const ok = (data: unknown) => json(200, { success: true, data });
const paged = (items: unknown[]) => ({ items, pagination: { current_page: 1, last_page: 1, per_page: 20, total: items.length } });
const summary = (id: string, name: string) => ({
  id, name, photo: null, created_at: '2026-01-01T00:00:00.000Z', deleted: false, standing: 'suspended' as const, strikes: 1, false_reporter: false,
});
const appeal: ModerationAppeal = {
  id: 'ap1', decision_id: 'd1', member_id: 'u_ben', text: 'I did not mean it.', status: 'open', created_at: '2026-11-28T10:00:00.000Z', decided_at: null, outcome_statement: null,
  member: summary('u_ben', 'Ben Subject'),
  decision: {
    id: 'd1', subject_id: 'u_ben', report_id: 'r1', action: 'suspend', reason_code: 'harassment', statement: 'We have suspended your account for 7 days.', content: null,
    strike: false, automatic: false, moderator_id: 'usr_mod1', created_at: '2026-11-27T10:00:00.000Z', until: '2026-12-04T10:00:00.000Z', overturned: false,
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('/moderation/appeals (issue 30)', () => {
  it('overturns with a statement', async () => {
    const fetch = mockApi({
      'GET /api/moderation/appeals': () => ok(paged([appeal])),
      'POST /api/moderation/appeals/ap1/decision': () => ok({ ...appeal, status: 'overturned', decided_at: '2026-11-28T11:00:00.000Z', outcome_statement: 'Fair point.' }),
    });
    renderApp('/moderation/appeals', { session: buildSession({ roles: ['moderator'] }) });
    const user = userEvent.setup();
    const card = await screen.findByRole('form', { name: 'Decide the appeal of Ben Subject' });
    expect(screen.getByText('We have suspended your account for 7 days.')).toBeInTheDocument();
    await user.type(within(card).getByLabelText('Statement to the member'), 'Fair point.');
    await user.click(within(card).getByRole('button', { name: 'Overturn' }));
    await waitFor(() => expect(sentBody(fetch, 'POST /api/moderation/appeals/ap1/decision')).toEqual({ outcome: 'overturned', statement: 'Fair point.' }));
  });

  it('says clearly when the moderator made the original decision (same_moderator)', async () => {
    mockApi({
      'GET /api/moderation/appeals': () => ok(paged([appeal])),
      'POST /api/moderation/appeals/ap1/decision': () => apiError(403, 'Another moderator must decide this appeal.', undefined, 'same_moderator'),
    });
    renderApp('/moderation/appeals', { session: buildSession({ roles: ['moderator'] }) });
    const user = userEvent.setup();
    const card = await screen.findByRole('form', { name: 'Decide the appeal of Ben Subject' });
    await user.type(within(card).getByLabelText('Statement to the member'), 'Stands.');
    await user.click(within(card).getByRole('button', { name: 'Uphold' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('You made the original decision: another moderator must decide this appeal.');
  });
});

describe('/moderation/held-messages (issue 30)', () => {
  it('releases a held message after a confirmation', async () => {
    const held = { id: 'h1', room_id: 'room1', sender: summary('u_a', 'Ann Sender'), recipient: summary('u_b', 'Bob Recipient'), body: 'Send me money', created_at: '2026-11-28T10:00:00.000Z' };
    const fetch = mockApi({
      'GET /api/moderation/held-messages': () => ok(paged([held])),
      'POST /api/moderation/held-messages/h1/release': () => ok({ id: 'h1', status: 'released' }),
    });
    renderApp('/moderation/held-messages', { session: buildSession({ roles: ['moderator'] }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Release the message from Ann Sender' }));
    expect(confirmDialog).toHaveBeenCalled();
    await waitFor(() => expect(calledEndpoints(fetch)).toContain('POST /api/moderation/held-messages/h1/release'));
  });
});
