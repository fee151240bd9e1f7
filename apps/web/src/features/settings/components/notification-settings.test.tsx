import { DEFAULT_NOTIFICATION_SETTINGS, UI_TEXTS, type Settings } from '@linkup/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePushRequestStore } from '@/lib/push-token';
import { buildSession, json, mockApi, sentBody } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const SETTINGS: Settings = {
  privacy: { show_age: true, show_distance: true, show_online: true, message_policy: 'everyone', hide_from_discover: false },
  notifications: { ...DEFAULT_NOTIFICATION_SETTINGS, like: { push: false, in_app: true } },
};
const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });

afterEach(() => vi.unstubAllGlobals());

describe('/app/settings/notifications', () => {
  it('shows a table of types × push and in-app switches with the saved values', async () => {
    mockApi({ 'GET /api/settings': () => ok(SETTINGS) });
    renderApp('/app/settings/notifications', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Notification Settings' });
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Notification', 'Push', 'In-app']);
    // Issue 32: likes on my post have their own row.
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent))
      .toEqual(['Profile views', 'Likes', 'Super likes', 'Matches', 'Messages', 'Message requests', 'Likes on my post']);
    expect(within(table).getAllByRole('switch')).toHaveLength(14);
    expect(screen.getByRole('switch', { name: 'Push: Likes on my post' })).toBeChecked();
    // Message requests are quiet (issue 29): in the app, pushed only when turned on.
    expect(screen.getByRole('switch', { name: 'Push: Message requests' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'In-app: Message requests' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Push: Likes' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'In-app: Likes' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Push: Messages' })).toBeChecked();
  });

  it('saves one switch at a time', async () => {
    const fetch = mockApi({
      'GET /api/settings': () => ok(SETTINGS),
      'PUT /api/settings': () => ok({ ...SETTINGS, notifications: { ...SETTINGS.notifications, match: { push: true, in_app: false } } }, 'Your settings have been saved.'),
    });
    renderApp('/app/settings/notifications', { session: buildSession() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'In-app: Matches' }));
    expect(await screen.findByText('Your settings have been saved.')).toBeInTheDocument();
    expect(sentBody(fetch, 'PUT /api/settings')).toEqual({ notifications: { match: { in_app: false } } });
    expect(screen.getByRole('switch', { name: 'In-app: Matches' })).not.toBeChecked();
  });

  it('says how to unblock notifications in this browser once the browser blocked them (issue 32 item 7)', async () => {
    mockApi({ 'GET /api/settings': () => ok(SETTINGS) });
    usePushRequestStore.setState({ blocked: false });
    renderApp('/app/settings/notifications', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Notification Settings' });
    expect(screen.queryByText(UI_TEXTS.pushUnblock.title)).not.toBeInTheDocument();

    usePushRequestStore.setState({ blocked: true });
    const note = await screen.findByRole('note');
    expect(note).toHaveTextContent(UI_TEXTS.pushUnblock.title);
    // jsdom's user agent names no known browser: the general steps.
    expect(note).toHaveTextContent(UI_TEXTS.pushUnblock.other);
    usePushRequestStore.setState({ blocked: false });
  });
});
