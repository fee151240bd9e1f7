import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CROP_TEXTS } from '@/components/photo-crop-dialog';
import { useSessionStore } from '@/lib/session-store';
import { apiError, buildSession, calledEndpoints, mockApi, sentBody } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { buildPhoto, ok, photoList } from '@/features/profile/test/profile-fixtures';
import { stubUploads, type FakeUploads } from '@/test/fake-xhr';

const confirm = vi.hoisted(() => vi.fn(() => Promise.resolve(true)));
vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: confirm }));

/** The manager's own error message (the toast is an alert too). */
const managerAlert = () => waitFor(() => within(document.querySelector<HTMLElement>('.photo-manager')!).getByRole('alert'));

const file = (name: string, bytes: number, type = 'image/jpeg') => new File([new Uint8Array(bytes)], name, { type });

/** The uploads the manager sends (the api client's, with progress: XMLHttpRequest). */
let uploads: FakeUploads;

beforeEach(() => {
  confirm.mockClear();
  uploads = stubUploads();
});
afterEach(() => vi.unstubAllGlobals());

async function openPhotos(handlers: Parameters<typeof mockApi>[0]) {
  const fetch = mockApi({ 'GET /api/profile': () => ok({}), ...handlers });
  const view = renderApp('/app/profile/photos', { session: buildSession() });
  await screen.findByRole('heading', { level: 1, name: 'My Photos' });
  return { ...view, fetch, user: userEvent.setup() };
}

describe('PhotoManager on /app/profile/photos', () => {
  it('shows the empty state, uploads a photo with the session token and shows it as the main photo', async () => {
    let photos = photoList([]);
    const uploaded = buildPhoto(1);
    uploads.respond = () => {
      photos = photoList([uploaded]);
      return { status: 201, body: { success: true, data: uploaded, message: 'Your photo has been added.' } };
    };
    const { user } = await openPhotos({ 'GET /api/profile/photos': () => ok(photos) });
    expect(await screen.findByText(/No photos yet/)).toBeInTheDocument();
    expect(screen.getByText('0 of 6 photos')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Add photos'), file('me.jpg', 2_000));
    // The crop step comes first (issue 32 item 8); nothing is sent before "Use photo".
    await screen.findByRole('dialog', { name: CROP_TEXTS.title });
    expect(uploads.requests).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: CROP_TEXTS.use }));
    expect(await screen.findByRole('img', { name: 'Photo 1 (main photo)' })).toBeInTheDocument();
    expect(screen.getByText('Your photo has been added.')).toBeInTheDocument();
    expect(uploads.requests).toHaveLength(1);
    expect(uploads.requests[0]!.url).toMatch(/\/api\/profile\/photos$/);
    expect(uploads.requests[0]!.headers.Authorization).toBe('Bearer tok_test_123');
    expect((uploads.requests[0]!.body.get('photo') as File).name).toBe('me.jpg');
    // The header avatar follows the main photo.
    await waitFor(() => expect(useSessionStore.getState().user?.avatar_url).toBe(uploaded.sizes.thumb));
  });

  it('refuses a file over the limit before sending it, with the same words as the server', async () => {
    const { user } = await openPhotos({ 'GET /api/profile/photos': () => ok(photoList([], 1_048_576)) });
    await screen.findByText(/No photos yet/);
    await user.upload(screen.getByLabelText('Add photos'), file('huge.jpg', 1_048_577));
    expect(await managerAlert()).toHaveTextContent('This photo is too large. Choose one of at most 1 MB.');
    expect(uploads.requests).toHaveLength(0);
  });

  it('shows the server 422 on photo (e.g. not an image)', async () => {
    uploads.respond = () => ({
      status: 422,
      body: { success: false, status: 422, message: 'Validation failed.', errors: { photo: ['This file is not an image. Choose a JPEG, PNG or WebP photo.'] }, timestamp: '' },
    });
    const { user } = await openPhotos({ 'GET /api/profile/photos': () => ok(photoList([])) });
    await screen.findByText(/No photos yet/);
    await user.upload(screen.getByLabelText('Add photos'), file('notes.jpg', 100));
    await user.click(await screen.findByRole('button', { name: CROP_TEXTS.use }));
    expect(await managerAlert()).toHaveTextContent('This file is not an image.');
  });

  it('uploads nothing when the member cancels the crop step (issue 32 item 8)', async () => {
    const { user } = await openPhotos({ 'GET /api/profile/photos': () => ok(photoList([])) });
    await screen.findByText(/No photos yet/);
    await user.upload(screen.getByLabelText('Add photos'), file('me.jpg', 2_000));
    await user.click(await screen.findByRole('button', { name: CROP_TEXTS.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: CROP_TEXTS.title })).not.toBeInTheDocument());
    expect(uploads.requests).toHaveLength(0);
    expect(screen.getByLabelText('Add photos')).toBeEnabled();
  });

  it('sets the main photo, moves photos with buttons and deletes after confirming', async () => {
    const [a, b, c] = [buildPhoto(1), buildPhoto(2), buildPhoto(3)];
    const fetch = mockApi({
      'GET /api/profile': () => ok({}),
      'GET /api/profile/photos': () => ok(photoList([a, b, c])),
      'PUT /api/profile/photos/pho_2/primary': () => ok(photoList([{ ...a, is_primary: false }, { ...b, is_primary: true }, c])),
      'PUT /api/profile/photos/order': () => ok(photoList([{ ...b, position: 0 }, { ...a, position: 1 }, c])),
      'DELETE /api/profile/photos/pho_3': () => ok(photoList([a, b])),
    });
    renderApp('/app/profile/photos', { session: buildSession() });
    const user = userEvent.setup();
    const grid = await screen.findByRole('list', { name: 'My photos' });
    expect(within(grid).getAllByRole('img')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Move earlier: photo 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move later: photo 3' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Set as main: photo 1' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set as main: photo 2' }));
    expect(await screen.findByText('This is now your main photo.')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Photo 2 (main photo)' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Move earlier: photo 2' }));
    await waitFor(() => expect(sentBody(fetch, 'PUT /api/profile/photos/order')).toEqual({ photo_ids: ['pho_2', 'pho_1', 'pho_3'] }));

    await user.click(screen.getByRole('button', { name: 'Delete: photo 3' }));
    expect(confirm).toHaveBeenCalledWith('Delete this photo?', expect.any(String), { destructive: true, confirmLabel: 'Delete photo' });
    expect(await screen.findByText('The photo has been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'My photos' })).getAllByRole('img')).toHaveLength(2));
    expect(calledEndpoints(fetch)).toContain('DELETE /api/profile/photos/pho_3');
  });

  it('does not delete when the member cancels the confirmation', async () => {
    confirm.mockImplementationOnce(() => Promise.resolve(false));
    const { fetch, user } = await openPhotos({ 'GET /api/profile/photos': () => ok(photoList([buildPhoto(1)])) });
    await user.click(await screen.findByRole('button', { name: 'Delete: photo 1' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(calledEndpoints(fetch)).not.toContain('DELETE /api/profile/photos/pho_1');
  });

  it('hides the add tile at six photos and says why', async () => {
    await openPhotos({ 'GET /api/profile/photos': () => ok(photoList([1, 2, 3, 4, 5, 6].map((n) => buildPhoto(n)))) });
    expect(await screen.findByText('6 of 6 photos')).toBeInTheDocument();
    expect(screen.queryByLabelText('Add photo')).not.toBeInTheDocument();
    expect(screen.getByText(/the most you can have/)).toBeInTheDocument();
  });

  it('says so when the photos cannot be loaded', async () => {
    await openPhotos({ 'GET /api/profile/photos': () => apiError(500, 'Server error') });
    expect(await screen.findByText('Your photos could not be loaded.', {}, { timeout: 8_000 })).toBeInTheDocument();
  });
});
