import type { DecisionResult, QueueItem } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, calledEndpoints, json, mockApi, sentBody } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const ok = (data: unknown) => json(200, { success: true, data });
const summary = (id: string, name: string) => ({
  id, name, photo: null, created_at: '2026-01-01T00:00:00.000Z', deleted: false, standing: 'good' as const, strikes: 0, false_reporter: false,
});
const item = (id: string, name: string, reason: string, priority: QueueItem['priority']): QueueItem => ({
  id, kind: 'report', priority, created_at: '2026-11-27T10:00:00.000Z', subject: summary(`s_${id}`, name), reporter: summary('u_rep', 'Rita Reporter'), reason, reports_count: 1,
});
const queue = [item('r1', 'Ben Threat', 'underage', 'critical'), item('r2', 'Cara Fake', 'fake_profile', 'normal'), item('r3', 'Dan Spam', 'scam_or_spam', 'low')];
const page = { items: queue, pagination: { current_page: 1, last_page: 1, per_page: 20, total: 3 } };
const decision: DecisionResult = {
  decision: {
    id: 'd1', subject_id: 's_r2', report_id: 'r2', action: 'suspend', reason_code: 'fake_profile', statement: 'x', content: null, strike: false,
    automatic: false, moderator_id: 'usr_alex', created_at: '2026-11-28T00:00:00.000Z', until: '2026-12-05T00:00:00.000Z', overturned: false,
  },
  escalated_to: null,
  closed_report_ids: ['r2'],
};

async function openQueue(extra: Parameters<typeof mockApi>[0] = {}) {
  const fetch = mockApi({ 'GET /api/moderation/queue': () => ok(page), ...extra });
  const view = renderApp('/moderation', { session: buildSession({ roles: ['moderator'] }) });
  const list = await screen.findByRole('list', { name: 'Queue' });
  return { ...view, fetch, list, user: userEvent.setup() };
}
const current = (list: HTMLElement) => within(list).getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'true');

afterEach(() => vi.unstubAllGlobals());

describe('the queue (issue 30)', () => {
  it('lists items in the order the server gives (priority, then age) and asks with the filters', async () => {
    const { list, fetch, user } = await openQueue();
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Ben Threat'), expect.stringContaining('Cara Fake'), expect.stringContaining('Dan Spam'),
    ]);
    await user.selectOptions(screen.getByLabelText('Kind'), 'appeal');
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).includes('kind=appeal'))).toBe(true));
  });

  it('moves with j and k, and opens the selected report with Enter', async () => {
    const { list, user, router } = await openQueue({ 'GET /api/moderation/reports/r2': () => new Promise(() => undefined) });
    expect(current(list)).toHaveTextContent('Ben Threat');
    await user.keyboard('j');
    expect(current(list)).toHaveTextContent('Cara Fake');
    await user.keyboard('jj');
    expect(current(list)).toHaveTextContent('Dan Spam');
    await user.keyboard('kk');
    expect(current(list)).toHaveTextContent('Ben Threat');
    await user.keyboard('j{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/moderation/reports/r2'));
  });

  it('s opens the action dialog for the selected report; nothing is sent until confirmed', async () => {
    const { user, fetch } = await openQueue({ 'POST /api/moderation/reports/r2/decision': () => ok(decision) });
    await user.keyboard('js');
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: 'Suspend' })).toBeChecked();
    expect(within(dialog).getByLabelText('Days')).toHaveValue(7);
    expect(calledEndpoints(fetch)).not.toContain('POST /api/moderation/reports/r2/decision');
    await user.selectOptions(within(dialog).getByLabelText('Rule'), 'fake_profile');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm: Suspend' }));
    await waitFor(() => expect(calledEndpoints(fetch)).toContain('POST /api/moderation/reports/r2/decision'));
    expect(sentBody(fetch, 'POST /api/moderation/reports/r2/decision')).toMatchObject({
      action: 'suspend', reason_code: 'fake_profile', days: 7, statement: expect.stringContaining('suspended your account for 7 days'),
    });
  });

  it('each of d/w/r/s/b opens the dialog with its action; Escape cancels', async () => {
    const { user } = await openQueue();
    for (const [key, label] of [['d', 'Dismiss'], ['w', 'Warn'], ['r', 'Remove content'], ['b', 'Ban']] as const) {
      await user.keyboard(key);
      const dialog = await screen.findByRole('dialog');
      expect(within(dialog).getByRole('radio', { name: label })).toBeChecked();
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
  });

  it('shortcuts do nothing while typing in a field', async () => {
    const { list, user } = await openQueue();
    screen.getByLabelText('Status').focus();
    await user.keyboard('j');
    expect(current(list)).toHaveTextContent('Ben Threat');
  });
});
