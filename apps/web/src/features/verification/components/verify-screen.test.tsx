import type { VerificationChallenge, VerificationResult, VerificationState } from '@linkup/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, buildSession, calledEndpoints, json, mockApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const ok = (data: unknown, status = 200) => json(status, { success: true, data });
const state = (overrides: Partial<VerificationState> = {}): VerificationState => ({
  status: 'none', verified_at: null, attempts_left_today: 5, reasons: [], ...overrides,
});
const challenge: VerificationChallenge = { challenge_id: 'vch_1', poses: ['smile', 'mouth_open'], expires_at: new Date(Date.now() + 5 * 60_000).toISOString() };

/**
 * The device's camera, played by the test: jsdom has no getUserMedia and draws no video, so the
 * stream, the frame's size and the canvas that encodes it are faked at the browser's edge.
 */
function fakeCamera(answer: 'ok' | string = 'ok') {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const getUserMedia = vi.fn(async () => (answer === 'ok' ? stream : Promise.reject(new DOMException('refused', answer))));
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return { getUserMedia, track };
}

beforeEach(() => {
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', { configurable: true, get: () => 640 });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', { configurable: true, get: () => 480 });
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: vi.fn() } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done, type) => done(new Blob(['jpeg'], { type })));
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(HTMLVideoElement.prototype, 'videoWidth');
  Reflect.deleteProperty(HTMLVideoElement.prototype, 'videoHeight');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The page's first answer, on a busy machine: more than findBy's default second. */
const SLOW = { timeout: 5000 };

async function agree(user: ReturnType<typeof userEvent.setup>) {
  const form = await screen.findByRole('form', { name: 'Before you take a selfie' }, SLOW);
  await user.click(within(form).getByRole('checkbox', { name: /I agree that LinkUp processes my selfie’s biometric data/ }));
  await user.click(within(form).getByRole('button', { name: 'Open the camera' }));
}

/** The preview has a picture (what the browser says once the camera runs), then the photo is taken. */
async function takePhoto(user: ReturnType<typeof userEvent.setup>) {
  const video = document.querySelector('video');
  if (!video) throw new Error('no camera preview');
  fireEvent.loadedMetadata(video);
  await user.click(await screen.findByRole('button', { name: 'Take photo' }, SLOW));
}

async function takeBothPhotos(user: ReturnType<typeof userEvent.setup>) {
  await takePhoto(user);
  await screen.findByText('Pose 2 of 2', {}, SLOW);
  await takePhoto(user);
}

function verifyApi(result: VerificationResult, after: Partial<VerificationState> = {}) {
  let current = state();
  const api = mockApi({
    'GET /api/verification': () => ok(current),
    'POST /api/verification/challenge': () => ok(challenge, 201),
    'POST /api/verification/selfie': () => {
      current = state({ attempts_left_today: 4, ...after });
      return ok(result);
    },
  });
  return api;
}

describe('/app/verify (issue 31)', () => {
  it('asks for consent before the camera opens: what is checked, where, what is kept, and for how long', async () => {
    const camera = fakeCamera();
    const api = verifyApi({ status: 'verified', reasons: [] });
    renderApp('/app/verify', { session: buildSession() });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Before you take a selfie' }, SLOW);
    expect(within(form).getByText(/GDPR Art\. 9/)).toBeInTheDocument();
    expect(within(form).getByText(/On LinkUp’s own server/)).toBeInTheDocument();
    expect(within(form).getByText(/selfies are deleted as soon as the check is decided/)).toBeInTheDocument();
    expect(within(form).getByText('Attempts left today: 5')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Open the camera' }));
    expect(within(form).getByRole('alert')).toHaveTextContent('Tick the box to agree');
    expect(camera.getUserMedia).not.toHaveBeenCalled();
    expect(calledEndpoints(api)).not.toContain('POST /api/verification/challenge');
  });

  it('takes a photo per pose, sends both with the challenge, says "Checking…", then that the member is verified; the camera goes off', async () => {
    const camera = fakeCamera();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let sent: FormData | undefined;
    let current = state();
    mockApi({
      'GET /api/verification': () => ok(current),
      'POST /api/verification/challenge': () => ok(challenge, 201),
      'POST /api/verification/selfie': async (_url, init) => {
        sent = init.body as FormData;
        await held;
        current = state({ status: 'verified', verified_at: new Date().toISOString(), attempts_left_today: 4 });
        return ok({ status: 'verified', reasons: [] });
      },
    });
    renderApp('/app/verify', { session: buildSession() });
    const user = userEvent.setup();
    await agree(user);

    expect(camera.getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ video: expect.objectContaining({ facingMode: 'user' }) }));
    expect(await screen.findByText('Pose 1 of 2', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Smile')).toBeInTheDocument();
    await takePhoto(user);
    expect(await screen.findByText('Pose 2 of 2', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText('Open your mouth')).toBeInTheDocument();
    expect(camera.track.stop).not.toHaveBeenCalled();
    await takePhoto(user);

    expect(await screen.findByText('Checking…', {}, SLOW)).toBeInTheDocument();
    expect(camera.track.stop).toHaveBeenCalled();
    expect(sent?.get('challenge_id')).toBe('vch_1');
    const images = sent?.getAll('selfie') as File[];
    expect(images).toHaveLength(2);
    expect(images.map((f) => f.type)).toEqual(['image/jpeg', 'image/jpeg']);

    release();
    expect(await screen.findByText('You are verified', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to my profile' })).toHaveAttribute('href', '/app/profile');
  });

  it('says what to do next for each reason it was rejected, with the attempts left and Try again', async () => {
    fakeCamera();
    verifyApi({ status: 'rejected', reasons: ['face_mismatch', 'pose_not_matched'] }, { status: 'rejected', reasons: ['face_mismatch', 'pose_not_matched'] });
    renderApp('/app/verify', { session: buildSession() });
    const user = userEvent.setup();
    await agree(user);
    await takeBothPhotos(user);

    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('We could not verify you this time.');
    expect(screen.getByText(/does not match your main profile photo/)).toBeInTheDocument();
    expect(screen.getByText(/The pose did not match/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change my photos' })).toHaveAttribute('href', '/app/profile/photos');
    expect(await screen.findByText('Attempts left today: 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Pose 1 of 2', {}, SLOW)).toBeInTheDocument();
  });

  it('shows a moderator review as pending', async () => {
    fakeCamera();
    verifyApi({ status: 'pending_review', reasons: [] }, { status: 'pending_review' });
    renderApp('/app/verify', { session: buildSession() });
    const user = userEvent.setup();
    await agree(user);
    await takeBothPhotos(user);
    expect(await screen.findByText('Thanks! A moderator will check your selfie shortly.', {}, SLOW)).toBeInTheDocument();
  });

  it('tells a member who refused the camera how to allow it, or to verify on another device; no challenge is opened', async () => {
    const camera = fakeCamera('NotAllowedError');
    const api = verifyApi({ status: 'verified', reasons: [] });
    renderApp('/app/verify', { session: buildSession() });
    const user = userEvent.setup();
    await agree(user);
    expect(await screen.findByRole('heading', { name: 'Camera access is off' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/Allow the camera for this site in your browser’s settings/)).toBeInTheDocument();
    expect(screen.getByText(/verify on another device/)).toBeInTheDocument();
    expect(calledEndpoints(api)).not.toContain('POST /api/verification/challenge');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(camera.getUserMedia).toHaveBeenCalledTimes(2));
  });

  it('tells a member without a camera to verify on another device', async () => {
    verifyApi({ status: 'verified', reasons: [] });
    renderApp('/app/verify', { session: buildSession() });
    const user = userEvent.setup();
    await agree(user);
    expect(await screen.findByRole('heading', { name: 'No camera here' }, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/sign in to LinkUp on a phone or computer with a front camera/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('turns the camera off when the member leaves the page', async () => {
    const camera = fakeCamera();
    verifyApi({ status: 'verified', reasons: [] });
    const { router } = renderApp('/app/verify', { session: buildSession() });
    const user = userEvent.setup();
    await agree(user);
    await screen.findByText('Pose 1 of 2', {}, SLOW);
    await router.navigate('/app/profile');
    await waitFor(() => expect(camera.track.stop).toHaveBeenCalled());
  });

  it('sends a member without a face photo to My Photos first', async () => {
    fakeCamera();
    mockApi({
      'GET /api/verification': () => ok(state()),
      'POST /api/verification/challenge': () => apiError(409, 'Add a main profile photo that shows your face before you verify.', undefined, 'verification_photo_required'),
    });
    renderApp('/app/verify', { session: buildSession() });
    const user = userEvent.setup();
    await agree(user);
    expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Add a main profile photo that shows your face before you verify.');
    expect(screen.getByRole('link', { name: 'Change my photos' })).toHaveAttribute('href', '/app/profile/photos');
  });

  it('shows a verified member, one waiting for review, and one out of attempts where they stand', async () => {
    mockApi({ 'GET /api/verification': () => ok(state({ status: 'verified', verified_at: '2026-11-20T10:00:00.000Z' })) });
    const first = renderApp('/app/verify', { session: buildSession() });
    expect(await screen.findByText('Verified on Nov 20, 2026.', {}, SLOW)).toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /api/verification': () => ok(state({ status: 'pending_review' })) });
    const second = renderApp('/app/verify', { session: buildSession() });
    expect(await screen.findByText('Thanks! A moderator will check your selfie shortly.', {}, SLOW)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    second.unmount();

    mockApi({ 'GET /api/verification': () => ok(state({ status: 'rejected', attempts_left_today: 0, reasons: ['spoof_suspected'] })) });
    renderApp('/app/verify', { session: buildSession() });
    expect(await screen.findByText('You have used today’s verification attempts. Try again tomorrow.', {}, SLOW)).toBeInTheDocument();
    expect(screen.getByText(/looked like a photo of a screen or a print/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});
