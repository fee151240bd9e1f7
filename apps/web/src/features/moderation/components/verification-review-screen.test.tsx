import type { QueueItem, VerificationReview } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { confirmDialog } from '@/lib/dialogs';
import { apiError, buildSession, calledEndpoints, json, mockApi, sentBody } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: vi.fn(async () => true) }));

const ok = (data: unknown) => json(200, { success: true, data });
const SELFIE = 'data:image/jpeg;base64,/9j/selfie';
const review: VerificationReview = {
  id: 'va1', member_id: 'usr_naledi', name: 'Naledi', status: 'open', created_at: '2026-11-28T07:00:00.000Z',
  selfies: [{ pose: 'smile', image: SELFIE }, { pose: 'mouth_open', image: null }],
  profile_photos: ['/media/photos/p1/thumb.webp', '/media/photos/p2/thumb.webp'],
  similarity: 0.41, antispoof: 0.3, liveness: 0.72, estimated_age: 16, decision: null,
};
const queueItem: QueueItem = {
  id: 'va1', kind: 'verification', priority: 'normal', created_at: '2026-11-28T07:00:00.000Z',
  subject: { id: 'usr_naledi', name: 'Naledi', photo: null, created_at: null, deleted: false, standing: 'good', strikes: 0, false_reporter: false },
  reporter: null, reason: 'verification', reports_count: 0,
};
const queuePage = (items: QueueItem[]) => ({ items, pagination: { current_page: 1, last_page: 1, per_page: 20, total: items.length } });
const moderator = () => buildSession({ roles: ['moderator'] });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(confirmDialog).mockClear();
});

describe('/moderation/verifications/:id (issue 31)', () => {
  it('opens from a Verifications item of the queue and shows the selfies beside the profile photos, with the scores', async () => {
    const fetch = mockApi({
      'GET /api/moderation/queue': (url) => ok(queuePage(url.includes('kind=verification') ? [queueItem] : [])),
      'GET /api/moderation/verifications/va1': () => ok(review),
    });
    const { router } = renderApp('/moderation', { session: moderator() });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Kind'), 'verification');
    const list = await screen.findByRole('list', { name: 'Queue' });
    expect(within(list).getByText('Borderline photo verification')).toBeInTheDocument();
    await user.click(within(list).getByRole('link'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/moderation/verifications/va1'));

    expect(await screen.findByRole('img', { name: 'Selfie 1: Smile' })).toHaveAttribute('src', SELFIE);
    expect(screen.getByText('Selfie 2 is no longer kept.')).toBeInTheDocument();
    const photos = within(screen.getByRole('region', { name: 'Profile photos' })).getAllByRole('img');
    expect(photos.map((img) => img.getAttribute('alt'))).toEqual(['Profile photo 1 of Naledi', 'Profile photo 2 of Naledi']);
    expect(photos[0]!.getAttribute('src')).toContain('/media/photos/p1/thumb.webp');
    const scores = screen.getByRole('region', { name: 'Scores' });
    expect(scores).toHaveTextContent('Face match with the main photo41 %');
    expect(scores).toHaveTextContent('Real person (antispoof)30 %');
    expect(scores).toHaveTextContent('Liveness72 %');
    expect(scores).toHaveTextContent('Estimated age16');
    expect(within(scores).getByRole('note')).toHaveTextContent('under 18');
    expect(calledEndpoints(fetch)).toContain('GET /api/moderation/verifications/va1');
  });

  it('approves after a confirmation and goes back to the queue', async () => {
    const fetch = mockApi({
      'GET /api/moderation/verifications/va1': () => ok(review),
      'POST /api/moderation/verifications/va1/decision': () => ok({ ...review, status: 'closed', decision: 'approve', selfies: review.selfies.map((s) => ({ ...s, image: null })) }),
      'GET /api/moderation/queue': () => ok(queuePage([])),
    });
    const { router } = renderApp('/moderation/verifications/va1', { session: moderator() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(confirmDialog).toHaveBeenCalled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/moderation'));
    expect(sentBody(fetch, 'POST /api/moderation/verifications/va1/decision')).toEqual({ outcome: 'approve' });
  });

  it('rejects only with a reason (and an optional note), then goes back to the queue', async () => {
    const fetch = mockApi({
      'GET /api/moderation/verifications/va1': () => ok(review),
      'POST /api/moderation/verifications/va1/decision': () => ok({ ...review, status: 'closed', decision: 'reject' }),
      'GET /api/moderation/queue': () => ok(queuePage([])),
    });
    const { router } = renderApp('/moderation/verifications/va1', { session: moderator() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose why it is rejected.');
    expect(screen.getByLabelText('Reason to reject')).toHaveAttribute('aria-invalid', 'true');
    expect(confirmDialog).not.toHaveBeenCalled();
    expect(calledEndpoints(fetch)).not.toContain('POST /api/moderation/verifications/va1/decision');

    await user.selectOptions(screen.getByLabelText('Reason to reject'), 'face_mismatch');
    await user.type(screen.getByLabelText('Note for the audit log (optional)'), 'Different person');
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/moderation'));
    expect(sentBody(fetch, 'POST /api/moderation/verifications/va1/decision')).toEqual({ outcome: 'reject', reason: 'face_mismatch', note: 'Different person' });
  });

  it('stays when another moderator decided first (409 conflict) and shows the decision', async () => {
    let decided = false;
    mockApi({
      'GET /api/moderation/verifications/va1': () => ok(decided ? { ...review, status: 'closed', decision: 'approve' } : review),
      'POST /api/moderation/verifications/va1/decision': () => {
        decided = true;
        return apiError(409, 'This verification was already decided.', undefined, 'conflict');
      },
    });
    const { router } = renderApp('/moderation/verifications/va1', { session: moderator() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Decision: Approved.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/moderation/verifications/va1');
  });

  it('is not shown to a member without a moderation role', async () => {
    const fetch = mockApi({});
    const { router } = renderApp('/moderation/verifications/va1', { session: buildSession() });
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/moderation/verifications/va1'));
    expect(calledEndpoints(fetch).filter((e) => e.includes('/moderation/'))).toEqual([]);
  });
});
