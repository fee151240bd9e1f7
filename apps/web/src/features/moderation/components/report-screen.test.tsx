import type { ReportDetail } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REASON_TEMPLATES } from '@/features/moderation/statement';
import { buildSession, json, mockApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const ok = (data: unknown) => json(200, { success: true, data });
const summary = (id: string, name: string) => ({
  id, name, photo: null, created_at: '2026-01-01T00:00:00.000Z', deleted: false, standing: 'good' as const, strikes: 0, false_reporter: false,
});
const report = {
  id: 'r1', reason: 'harassment' as const, details: 'He keeps threatening me.', status: 'open' as const, priority: 'normal' as const, created_at: '2026-11-27T10:00:00.000Z',
  post_id: null, message_id: 'm2', reporter: summary('u_rita', 'Rita Reporter'), subject: summary('u_ben', 'Ben Subject'), decision_id: null,
};
const detail: ReportDetail = {
  report,
  evidence: {
    captured_at: '2026-11-27T10:00:00.000Z',
    profile: { name: 'Ben Subject', about: 'Just here for fun' },
    photos: [{ id: 'p1', url: '/media/photos/p1/thumb.webp' }],
    messages: [
      { id: 'm1', sender_id: 'u_rita', body: 'Hi Ben', created_at: '2026-11-27T09:00:00.000Z', reported: false },
      { id: 'm2', sender_id: 'u_ben', body: 'You will regret this', created_at: '2026-11-27T09:05:00.000Z', reported: true },
    ],
    post: null,
  },
  history: { reports: [report], decisions: [], strikes: 0 },
};

afterEach(() => vi.unstubAllGlobals());

describe('/moderation/reports/:id (issue 30)', () => {
  it('shows the evidence — profile as it was, photos, the conversation with the reported message marked — beside the history', async () => {
    mockApi({ 'GET /api/moderation/reports/r1': () => ok(detail) });
    renderApp('/moderation/reports/r1', { session: buildSession({ roles: ['moderator'] }) });
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    const reported = within(conversation).getAllByRole('listitem').find((li) => li.getAttribute('aria-current') === 'true');
    expect(reported).toHaveTextContent('You will regret this');
    expect(reported).toHaveTextContent('Reported message');
    expect(screen.getByText('Just here for fun')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1 of the reported member' })).toHaveAttribute('src', '/media/photos/p1/thumb.webp');
    expect(screen.getByRole('heading', { name: 'History' })).toBeInTheDocument();
  });

  it("the action dialog previews the member's statement as the rule and facts change", async () => {
    mockApi({ 'GET /api/moderation/reports/r1': () => ok(detail) });
    renderApp('/moderation/reports/r1', { session: buildSession({ roles: ['moderator'] }) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Warn' }));
    const dialog = await screen.findByRole('dialog');
    const preview = within(dialog).getByTestId('statement-preview');
    expect(within(dialog).getByRole('heading', { name: 'What Ben Subject will get' })).toBeInTheDocument();
    expect(preview).toHaveTextContent('We have given your account a warning.');
    await user.selectOptions(within(dialog).getByLabelText('Rule'), 'threats');
    expect(within(dialog).getByLabelText('Facts')).toHaveValue(REASON_TEMPLATES.threats);
    expect(preview).toHaveTextContent(`Facts: ${REASON_TEMPLATES.threats}`);
    expect(preview).toHaveTextContent('Rule: Threats of violence.');
    await user.click(within(dialog).getByRole('radio', { name: 'Suspend' }));
    await user.clear(within(dialog).getByLabelText('Days'));
    await user.type(within(dialog).getByLabelText('Days'), '14');
    await waitFor(() => expect(preview).toHaveTextContent('We have suspended your account for 14 days.'));
  });
});
