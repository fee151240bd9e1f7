import { INTEREST_CATALOGUE } from '@linkup/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, mockApi, sentBody, validationError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { buildProfile, catalogue, ok } from '@/features/profile/test/profile-fixtures';

afterEach(() => vi.unstubAllGlobals());

async function openInterests(interests: string[], extra: Parameters<typeof mockApi>[0] = {}) {
  const fetch = mockApi({
    'GET /api/profile': () => ok(buildProfile({ interests })),
    'GET /api/interests': () => ok(catalogue()),
    ...extra,
  });
  const view = renderApp('/app/profile/interests', { session: buildSession() });
  await screen.findByRole('heading', { level: 1, name: 'Interests' });
  await screen.findByRole('form', { name: 'Interests' });
  return { ...view, fetch, user: userEvent.setup() };
}

describe('InterestsPicker on /app/profile/interests', () => {
  it('shows the catalogue as toggle chips with my picks pressed and a counter', async () => {
    await openInterests(['Hiking', 'Coffee']);
    expect(screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent)).toEqual(['Hiking', 'Coffee']);
    expect(screen.getAllByRole('button', { pressed: false })).toHaveLength(INTEREST_CATALOGUE.length - 2);
    expect(screen.getByText(/of 10 selected/)).toHaveTextContent('2 of 10 selected');
  });

  it('toggles chips and saves the names, then returns to /app/profile', async () => {
    const { fetch, user, router } = await openInterests(['Hiking'], {
      'PUT /api/profile/interests': () => ok({ interests: ['Music', 'Braai'] }, 'Your interests have been saved.'),
    });
    await user.click(screen.getByRole('button', { name: 'Hiking' }));
    await user.click(screen.getByRole('button', { name: 'Music' }));
    await user.click(screen.getByRole('button', { name: 'Braai' }));
    expect(screen.getByText(/of 10 selected/)).toHaveTextContent('2 of 10 selected');
    await user.click(screen.getByRole('button', { name: 'Save interests' }));
    expect(await screen.findByText('Your interests have been saved.')).toBeInTheDocument();
    expect(sentBody(fetch, 'PUT /api/profile/interests')).toEqual({ interests: ['Music', 'Braai'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/profile'));
  });

  it('enforces the limit of 10: other chips are disabled until one is removed', async () => {
    const ten = INTEREST_CATALOGUE.slice(0, 10);
    const { user } = await openInterests([...ten]);
    expect(screen.getByText(/of 10 selected/)).toHaveTextContent('10 of 10 selected');
    expect(screen.getByText(/the most you can/)).toBeInTheDocument();
    const eleventh = screen.getByRole('button', { name: INTEREST_CATALOGUE[10] });
    expect(eleventh).toBeDisabled();
    await user.click(screen.getByRole('button', { name: ten[0] }));
    expect(eleventh).toBeEnabled();
    expect(screen.getByText(/of 10 selected/)).toHaveTextContent('9 of 10 selected');
  });

  it('shows a server 422', async () => {
    const { user } = await openInterests([], { 'PUT /api/profile/interests': () => validationError({ interests: ['Choose interests from the list.'] }) });
    await user.click(screen.getByRole('button', { name: 'Music' }));
    await user.click(screen.getByRole('button', { name: 'Save interests' }));
    expect(await screen.findAllByText('Choose interests from the list.')).not.toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Interests' })).toBeInTheDocument();
  });
});
