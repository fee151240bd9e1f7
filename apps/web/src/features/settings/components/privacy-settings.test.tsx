import { DEFAULT_NOTIFICATION_SETTINGS, type Settings } from '@linkup/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, json, mockApi, sentBody, apiError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const DEFAULTS: Settings = {
  privacy: { show_age: true, show_distance: true, show_online: true, message_policy: 'everyone', hide_from_discover: false },
  notifications: DEFAULT_NOTIFICATION_SETTINGS,
};
const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });

async function openPage() {
  renderApp('/app/settings/privacy', { session: buildSession() });
  await screen.findByRole('heading', { level: 1, name: 'Privacy Settings' });
  await screen.findByRole('switch', { name: 'Show my age' });
  return userEvent.setup();
}

afterEach(() => vi.unstubAllGlobals());

describe('/app/settings/privacy', () => {
  it('shows the saved privacy settings as switches and a radio group', async () => {
    mockApi({ 'GET /api/settings': () => ok({ ...DEFAULTS, privacy: { ...DEFAULTS.privacy, show_online: false, message_policy: 'matches' } }) });
    await openPage();
    expect(screen.getByRole('switch', { name: 'Show my age' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Show my distance' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Show when I’m online' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Hide me from Discover' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: 'Who may message me' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Only my matches/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /Everyone/ })).not.toBeChecked();
  });

  it('saves a switch at once with only that setting, and says so', async () => {
    const saved: Settings = { ...DEFAULTS, privacy: { ...DEFAULTS.privacy, hide_from_discover: true } };
    const fetch = mockApi({
      'GET /api/settings': () => ok(DEFAULTS),
      'PUT /api/settings': () => ok(saved, 'Your settings have been saved.'),
    });
    const user = await openPage();
    await user.click(screen.getByRole('switch', { name: 'Hide me from Discover' }));
    expect(await screen.findByText('Your settings have been saved.')).toBeInTheDocument();
    expect(sentBody(fetch, 'PUT /api/settings')).toEqual({ privacy: { hide_from_discover: true } });
    expect(screen.getByRole('switch', { name: 'Hide me from Discover' })).toBeChecked();
  });

  it('saves the message policy', async () => {
    const fetch = mockApi({
      'GET /api/settings': () => ok(DEFAULTS),
      'PUT /api/settings': () => ok({ ...DEFAULTS, privacy: { ...DEFAULTS.privacy, message_policy: 'matches' } }, 'Your settings have been saved.'),
    });
    const user = await openPage();
    await user.click(screen.getByRole('radio', { name: /Only my matches/ }));
    await waitFor(() => expect(sentBody(fetch, 'PUT /api/settings')).toEqual({ privacy: { message_policy: 'matches' } }));
    expect(await screen.findByText('Your settings have been saved.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Only my matches/ })).toBeChecked();
  });

  it('puts the switch back and says so when saving fails', async () => {
    mockApi({
      'GET /api/settings': () => ok(DEFAULTS),
      'PUT /api/settings': () => apiError(500, 'boom'),
    });
    const user = await openPage();
    await user.click(screen.getByRole('switch', { name: 'Show my age' }));
    expect(await screen.findByText('Server error. Please try again later.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Show my age' })).toBeChecked());
  });

  it('offers to try again when the settings cannot be loaded', async () => {
    let fail = true;
    // A 404 is not retried, so the failure shows at once.
    mockApi({ 'GET /api/settings': () => (fail ? apiError(404, 'x') : ok(DEFAULTS)) });
    renderApp('/app/settings/privacy', { session: buildSession() });
    const user = userEvent.setup();
    expect(await screen.findByText('Your settings could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Show my age' })).toBeChecked();
  });
});
