import type { Standing, StandingDecision } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, buildSession, calledEndpoints, json, mockApi, sentBody } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const ok = (data: unknown) => json(200, { success: true, data });
const decision = (overrides: Partial<StandingDecision> = {}): StandingDecision => ({
  id: 'dec_1', action: 'suspend', reason_code: 'harassment', statement: 'We have suspended your account for 7 days.\n\nFacts: You sent messages that harassed another member.',
  at: '2026-11-20T10:00:00.000Z', until: '2026-11-27T10:00:00.000Z', automatic: false, content: null, overturned: false,
  appeal: { status: null, deadline: '2027-05-20T10:00:00.000Z' }, ...overrides,
});
const standing = (overrides: Partial<Standing> = {}): Standing => ({ status: 'suspended', strikes: 1, until: '2026-11-27T10:00:00.000Z', decisions: [decision()], ...overrides });
const appeal = {
  id: 'ap_1', decision_id: 'dec_1', member_id: 'usr_alex', text: 'It was a joke.', status: 'open', created_at: '2026-11-21T10:00:00.000Z', decided_at: null, outcome_statement: null,
};

afterEach(() => vi.unstubAllGlobals());

describe('/app/account/standing (issue 30)', () => {
  it('shows the status, strikes and each decision with its statement', async () => {
    mockApi({ 'GET /api/account/standing': () => ok(standing()) });
    renderApp('/app/account/standing', { session: buildSession() });
    expect(await screen.findByText('Your account is suspended.')).toBeInTheDocument();
    expect(screen.getByText('1 strike')).toBeInTheDocument();
    const card = within(screen.getByRole('list', { name: 'Decisions' })).getByRole('listitem');
    expect(within(card).getByRole('heading', { name: 'Suspension' })).toBeInTheDocument();
    expect(within(card).getByText(/You sent messages that harassed another member/)).toBeInTheDocument();
    expect(within(card).getByText('Rule: Harassment')).toBeInTheDocument();
  });

  it('sends an appeal for a decision, and says so', async () => {
    let current = standing();
    const fetch = mockApi({
      'GET /api/account/standing': () => ok(current),
      'POST /api/account/appeals': () => {
        current = standing({ decisions: [decision({ appeal: { status: 'open', deadline: null } })] });
        return json(201, { success: true, data: appeal });
      },
    });
    renderApp('/app/account/standing', { session: buildSession() });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Appeal this decision' });
    await user.click(within(form).getByRole('button', { name: 'Send appeal' }));
    expect(within(form).getByText('Tell us why the decision should change.')).toBeInTheDocument();
    expect(calledEndpoints(fetch)).not.toContain('POST /api/account/appeals');
    await user.type(within(form).getByLabelText('Why should we look at this again?'), 'It was a joke between friends.');
    await user.click(within(form).getByRole('button', { name: 'Send appeal' }));
    await waitFor(() => expect(sentBody(fetch, 'POST /api/account/appeals')).toEqual({ decision_id: 'dec_1', text: 'It was a joke between friends.' }));
    expect(await screen.findByText('Your appeal is waiting for a moderator.')).toBeInTheDocument();
  });

  it("shows the server's refusal of a second appeal", async () => {
    mockApi({
      'GET /api/account/standing': () => ok(standing()),
      'POST /api/account/appeals': () => apiError(409, 'This decision has already been appealed.', undefined, 'appeal_exists'),
    });
    renderApp('/app/account/standing', { session: buildSession() });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Appeal this decision' });
    await user.type(within(form).getByLabelText('Why should we look at this again?'), 'Please look again.');
    await user.click(within(form).getByRole('button', { name: 'Send appeal' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This decision has already been appealed.');
  });

  it('offers no appeal form once the time has passed or the decision was overturned', async () => {
    mockApi({ 'GET /api/account/standing': () => ok(standing({ status: 'good', until: null, decisions: [decision({ appeal: { status: null, deadline: null } }), decision({ id: 'dec_2', overturned: true, appeal: { status: 'overturned', deadline: null } })] })) });
    renderApp('/app/account/standing', { session: buildSession() });
    expect(await screen.findByText('Your account is in good standing.')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByText('Overturned on appeal.')).toBeInTheDocument();
  });
});
