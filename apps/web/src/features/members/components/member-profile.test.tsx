import type { PublicProfile } from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { buildSession, calledEndpoints, json, mockApi, sentBody, type FetchHandler, apiError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: vi.fn(async () => true), alertDialog: vi.fn() }));

const ok = (data: unknown, status = 200) => json(status, { success: true, data });
const photo = (id: string, primary: boolean) => ({
  id, url: `/media/photos/${id}/large.webp`, sizes: { large: `/media/photos/${id}/large.webp`, medium: `/media/photos/${id}/medium.webp`, thumb: `/media/photos/${id}/thumb.webp` },
  width: 1080, height: 1350, position: primary ? 0 : 1, is_primary: primary, created_at: '2025-01-01T10:00:00.000Z',
});

const thandi: PublicProfile = {
  id: 'usr_thandi', name: 'Thandi Nkosi', age: 30, gender: 'female', city: 'Stellenbosch', province: 'Western Cape',
  distance: 'Less than 50 km away', about: 'Wine farms and long hikes.', photos: [photo('p1', true), photo('p2', false)],
  interests: ['Hiking', 'Coffee'], marital_status: 'single', body_type: 'athletic', relationship_type: 'long_term',
  how_often_drink: 'socially', love_language: 'quality_time', height_cm: 168, job_title: 'Architect', education: null,
  last_active_at: new Date().toISOString(), is_online: true,
};

function api(handlers: Record<string, FetchHandler> = {}, profile: PublicProfile = thandi) {
  return mockApi({ [`GET /api/users/${profile.id}`]: () => ok(profile), ...handlers });
}

async function openProfile(id = thandi.id) {
  const view = renderApp(`/app/user/${id}`, { session: buildSession() });
  await screen.findByRole('heading', { level: 1, name: 'Profile' });
  return { ...view, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

describe('/app/user/:id — another member’s profile', () => {
  it('shows photos, name and age, city and distance, online state, about, interests and details', async () => {
    api();
    await openProfile();
    expect(await screen.findByRole('heading', { level: 2, name: 'Thandi Nkosi, 30' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo 1 of 2 of Thandi Nkosi' })).toBeInTheDocument();
    expect(screen.getByText('Stellenbosch, Western Cape · Less than 50 km away')).toBeInTheDocument();
    expect(screen.getByText('Online now')).toBeInTheDocument();
    expect(screen.getByText('Wine farms and long hikes.')).toBeInTheDocument();
    const interests = screen.getByRole('list', { name: 'Interests' });
    expect(within(interests).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Hiking', 'Coffee']);
    const details = Object.fromEntries(
      screen.getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    expect(details).toEqual({
      Gender: 'Female', 'Looking for': 'Long term', 'Marital status': 'Single', 'Body type': 'Athletic', Height: '168 cm',
      Drinks: 'Socially', 'Love language': 'Quality time', Job: 'Architect',
    });
    expect(screen.getByRole('button', { name: 'Message' })).toBeEnabled();
  });

  it('leaves out what the member hides: no age, no distance, no online state', async () => {
    api({}, { ...thandi, age: null, distance: null, is_online: null, last_active_at: null, photos: [] });
    await openProfile();
    expect(await screen.findByRole('heading', { level: 2, name: 'Thandi Nkosi' })).toBeInTheDocument();
    expect(screen.getByText('Stellenbosch, Western Cape')).toBeInTheDocument();
    expect(screen.queryByText(/Online now|Last active/)).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Thandi Nkosi has no photos yet' })).toBeInTheDocument();
  });

  it('says when the member was last active', async () => {
    api({}, { ...thandi, is_online: false, last_active_at: new Date(Date.now() - 3 * 3600_000).toISOString() });
    await openProfile();
    expect(await screen.findByText('Last active 3 hours ago')).toBeInTheDocument();
  });

  it('shows a friendly "not available" state on 404 (removed, or blocked either way), and stays signed in', async () => {
    mockApi({ 'GET /api/users/usr_gone': () => apiError(404, "This profile isn't available.") });
    await openProfile('usr_gone');
    expect(await screen.findByRole('heading', { level: 2, name: "This profile isn't available" })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Profile options' })).not.toBeInTheDocument();
    expect(useSessionStore.getState().token).not.toBeNull();
  });

  it('a profile shown before (kept across a reload, or blocked since) gives way to "not available" once the API answers 404', async () => {
    let gone = false;
    mockApi({ 'GET /api/users/usr_thandi': () => (gone ? apiError(404, "This profile isn't available.") : ok(thandi)) });
    const { queryClient } = await openProfile();
    expect(await screen.findByRole('heading', { level: 2, name: 'Thandi Nkosi, 30' })).toBeInTheDocument();
    gone = true;
    await queryClient.invalidateQueries();
    expect(await screen.findByRole('heading', { level: 2, name: "This profile isn't available" })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Profile options' })).not.toBeInTheDocument();
  });

  it('offers to try again when the profile could not be loaded', async () => {
    let calls = 0;
    mockApi({ 'GET /api/users/usr_thandi': () => (++calls === 1 ? apiError(400, 'Bad request.') : ok(thandi)) });
    const { user } = await openProfile();
    expect(await screen.findByRole('alert')).toHaveTextContent('This profile could not be loaded.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Thandi Nkosi, 30' })).toBeInTheDocument();
  });

  it('Message starts (or opens) the chat named "Chat with <name>" and goes to it', async () => {
    const fetch = api({ 'POST /api/chat/rooms': () => ok({ id: 'room_42', name: 'Chat with Thandi Nkosi', unread_count: 0, latest_message: null, last_activity: null }, 201) });
    const { user, router } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/chat/room_42'));
    expect(sentBody(fetch, 'POST /api/chat/rooms')).toEqual({ user_id: 'usr_thandi', name: 'Chat with Thandi Nkosi' });
    expect(await screen.findByText('Chat started successfully')).toBeInTheDocument();
  });

  it('says so when the member accepts messages only from matches (422), and stays', async () => {
    api({ 'POST /api/chat/rooms': () => apiError(422, 'Thandi Nkosi only accepts messages from matches.') });
    const { user, router } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    expect(await screen.findByText('Thandi Nkosi only accepts messages from matches.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/user/usr_thandi');
    expect(useSessionStore.getState().token).not.toBeNull();
  });

  it('shows the chat failure toast for other failures', async () => {
    const fetch = api({ 'POST /api/chat/rooms': () => apiError(500, 'boom') });
    const { user } = await openProfile();
    await user.click(await screen.findByRole('button', { name: 'Message' }));
    expect(await screen.findByText('Failed to create chat room')).toBeInTheDocument();
    expect(calledEndpoints(fetch)).toContain('POST /api/chat/rooms');
  });

  it('offers Like back, Super like and Pass wherever it is opened from, when not matched (issue 17)', async () => {
    const fetch = api({ 'POST /api/matches/usr_thandi/like': () => ok({ action: 'like', matched: false, match: null, likes_left: 24, super_likes_left: 1 }) }, { ...thandi, relation: { matched: false, liked_me: true, accepts_messages: true, verification_unlocks_messages: false } });
    const { user } = await openProfile();
    const group = await screen.findByRole('group', { name: 'Like or pass on Thandi Nkosi' });
    expect(within(group).getAllByRole('button').map((b) => b.textContent)).toEqual(['Pass', 'Super like', 'Like back']);
    await user.click(within(group).getByRole('button', { name: 'Like back' }));
    expect(await screen.findByText('You liked Thandi Nkosi.')).toBeInTheDocument();
    expect(calledEndpoints(fetch)).toContain('POST /api/matches/usr_thandi/like');
  });

  it('offers no Like or Pass to a match, nor on my own profile', async () => {
    api({}, { ...thandi, relation: { matched: true, liked_me: true, accepts_messages: true, verification_unlocks_messages: false } });
    await openProfile();
    await screen.findByRole('button', { name: 'Message' });
    expect(screen.queryByRole('button', { name: /^Like/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pass' })).toBeNull();
  });

  it('explains instead of offering Message when they accept messages only from matches', async () => {
    api({}, { ...thandi, relation: { matched: false, liked_me: false, accepts_messages: false, verification_unlocks_messages: false } });
    await openProfile();
    expect(await screen.findByText('Thandi Nkosi only accepts messages from matches.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Like' })).toBeEnabled();
  });

  it('when getting verified would let me write (their setting takes verified members), says so and links to verification', async () => {
    api({}, { ...thandi, relation: { matched: false, liked_me: false, accepts_messages: false, verification_unlocks_messages: true } });
    const { user, router } = await openProfile();
    expect(await screen.findByText(/Thandi Nkosi only accepts messages from matches and verified members\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Get verified' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/verify'));
  });
});
