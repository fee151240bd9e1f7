import type { VerificationState } from '@linkup/contract';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { VerificationCard } from '@/features/verification/components/verification-card';
import { json, mockApi } from '@/test/fixtures';
import { AppWrapper } from '@/test/render-app';

const state = (overrides: Partial<VerificationState> = {}): VerificationState => ({
  status: 'none', verified_at: null, attempts_left_today: 5, reasons: [], ...overrides,
});

function show(current: VerificationState, element = <VerificationCard verifyPath="/app/verify" />) {
  mockApi({ 'GET /api/verification': () => json(200, { success: true, data: current }) });
  const router = createMemoryRouter([{ path: '/', element }]);
  return render(<RouterProvider router={router} />, { wrapper: AppWrapper });
}

afterEach(() => vi.unstubAllGlobals());

describe('VerificationCard (issue 31)', () => {
  it('invites a member who is not verified: Get verified, free', async () => {
    show(state());
    // The first render of the file loads the app's providers: more than findBy's default second on a busy machine.
    const card = await screen.findByRole('region', { name: 'Photo verification' }, { timeout: 5000 });
    expect(card).toHaveTextContent('It is free.');
    expect(within(card).getByRole('link', { name: 'Get verified' })).toHaveAttribute('href', '/app/verify');
  });

  it('says a rejected attempt can be tried again', async () => {
    show(state({ status: 'rejected', reasons: ['no_face'] }));
    const card = await screen.findByRole('region', { name: 'Photo verification' });
    expect(card).toHaveTextContent('Your last verification did not pass. You can try again.');
    expect(within(card).getByRole('link', { name: 'Get verified' })).toBeInTheDocument();
  });

  it('shows a selfie waiting for a moderator, with nothing to do', async () => {
    show(state({ status: 'pending_review' }));
    const card = await screen.findByRole('region', { name: 'Photo verification' });
    expect(within(card).getByRole('status')).toHaveTextContent('Your selfie is waiting for a moderator.');
    expect(within(card).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows a verified member their badge, or nothing where only an invitation belongs', async () => {
    const { unmount } = show(state({ status: 'verified', verified_at: '2026-11-20T10:00:00.000Z' }));
    const card = await screen.findByRole('region', { name: 'Photo verification' });
    expect(within(card).getByRole('status')).toHaveTextContent('You are verified');
    expect(within(card).getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    unmount();

    // Beside a card that shows, so the answer is known to have arrived when the hidden one is checked.
    show(state({ status: 'verified', verified_at: '2026-11-20T10:00:00.000Z' }), (
      <><VerificationCard verifyPath="/app/verify" hideWhenVerified /><VerificationCard verifyPath="/app/verify" /></>
    ));
    await screen.findByRole('region', { name: 'Photo verification' });
    expect(screen.getAllByRole('region', { name: 'Photo verification' })).toHaveLength(1);
  });
});
