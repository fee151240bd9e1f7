import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, mockApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { buildPhoto, buildProfile, ok } from '@/features/profile/test/profile-fixtures';

afterEach(() => vi.unstubAllGlobals());

describe('/app/profile', () => {
  it('shows my profile as others see it, with the completion meter and links to fix what is missing', async () => {
    mockApi({
      'GET /api/profile': () =>
        ok(buildProfile({ photos: [buildPhoto(1), buildPhoto(2, { is_primary: false })], body_type: 'athletic', height_cm: 180 })),
    });
    renderApp('/app/profile', { session: buildSession() });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Alex Demo, 30' })).toBeInTheDocument();
    expect(screen.getByText('Johannesburg, Gauteng')).toBeInTheDocument();
    expect(screen.getByText('I like long walks.')).toBeInTheDocument();
    expect(screen.getByText('Hiking')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Alex Demo, photo 1 of 2' })).toBeInTheDocument();
    expect(screen.getByText('Athletic')).toBeInTheDocument();
    expect(screen.getByText('180 cm')).toBeInTheDocument();
    expect(screen.queryByText('demo@linkup.app')).not.toBeInTheDocument();

    expect(screen.getByText('55%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Profile completion' })).toBeInTheDocument();
    const meter = screen.getByRole('region', { name: 'Profile completion' });
    expect(within(meter).getByRole('link', { name: /Add a photo/ })).toHaveAttribute('href', '/app/profile/photos');
    expect(within(meter).getByRole('link', { name: /Pick your interests/ })).toHaveAttribute('href', '/app/profile/interests');
    expect(within(meter).getByRole('link', { name: /Body type/ })).toHaveAttribute('href', '/app/profile/edit#field-body_type');

    const actions = screen.getByRole('navigation', { name: 'Change my profile' });
    for (const [name, href] of [['Edit Profile', '/app/profile/edit'], ['My Photos', '/app/profile/photos'], ['Interests', '/app/profile/interests'], ['Dating Preferences', '/app/preferences']]) {
      expect(within(actions).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('invites a member without photos to add one and says when the profile is complete', async () => {
    mockApi({ 'GET /api/profile': () => ok(buildProfile({ completion: { percentage: 100, missing: [] } })) });
    renderApp('/app/profile', { session: buildSession() });
    expect(await screen.findByRole('link', { name: 'Add your first photo' })).toHaveAttribute('href', '/app/profile/photos');
    expect(screen.getByText('Your profile is complete.')).toBeInTheDocument();
  });
});
