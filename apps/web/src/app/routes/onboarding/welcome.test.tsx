import {
  ONBOARDING_STEPS, ONBOARDING_STEP_KEYS, defaultPreferences, preferenceOptions,
  type OnboardingStatus, type OnboardingStepKey, type OwnProfile, type Preferences,
} from '@linkup/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/session-store';
import { buildSession, buildUser, calledEndpoints, json, mockApi, sentBody, validationError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { stubUploads } from '@/test/fake-xhr';

afterEach(() => vi.unstubAllGlobals());

const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });

function statusWith(done: OnboardingStepKey[], completed = false): OnboardingStatus {
  const steps = ONBOARDING_STEP_KEYS.map((key) => ({ key, ...ONBOARDING_STEPS[key], done: done.includes(key) }));
  return {
    steps,
    next_step: steps.find((s) => !s.done)?.key ?? null,
    can_complete: steps.every((s) => s.done || !s.required),
    completed,
    completed_at: completed ? '2026-01-01T00:00:00.000Z' : null,
  };
}

const PROFILE: OwnProfile = {
  id: 'usr_new', name: 'Naledi Test', email: 'naledi@example.com', phone_number: '+27841234567', date_of_birth: '1996-04-12', age: 29,
  gender: 'female', marital_status: null, body_type: null, relationship_type: null, how_often_drink: null, love_language: null,
  height_cm: null, job_title: null, education: null, about: null, city: null, province: null, photos: [], interests: [],
  profile_completed: false, onboarding_completed_at: null, completion: { percentage: 10, missing: [] },
};
const PREFERENCES: Preferences = { ...defaultPreferences(), is_default: true, location: null, updated_at: null };
const NEW_MEMBER = buildSession({ id: 'usr_new', name: 'Naledi Test', profile_completed: false, onboarding_completed_at: null });

/** The server as a new member sees it; `status` answers GET /onboarding/status each time it is asked. */
function server(status: () => OnboardingStatus, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/onboarding/status': () => ok(status()),
    'GET /api/profile': () => ok(PROFILE),
    'GET /api/profile/photos': () => ok({ photos: [], max_photos: 6, max_bytes: 10 * 1024 * 1024 }),
    'GET /api/interests': () => ok({ interests: [{ id: 1, name: 'Hiking' }, { id: 2, name: 'Coffee' }], max: 10 }),
    'GET /api/preferences': () => ok(PREFERENCES),
    'GET /api/preferences/options': () => ok(preferenceOptions()),
    ...extra,
  });
}

async function open(path = '/onboarding/welcome') {
  const view = renderApp(path, { session: NEW_MEMBER });
  await screen.findByRole('heading', { level: 1, name: 'Welcome to LinkUp' });
  return { ...view, user: userEvent.setup() };
}
const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

describe('/onboarding/welcome', () => {
  it('shows every step with its progress and resumes at the first unfinished one', async () => {
    server(() => statusWith(['photos', 'about']));
    await open();
    expect(await stepHeading("Gender and what I'm looking for")).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 6')).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'Onboarding steps' });
    expect(within(steps).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Photos (done)', 'About me (done)', "3Gender and what I'm looking for", '4Interests', '5Dating preferences', '6Location',
    ]);
    expect(within(steps).getByText("Gender and what I'm looking for").closest('li')).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('progressbar', { name: 'Step 3 of 6' })).toHaveAttribute('aria-valuenow', '50');
  });

  it('does not move past a required step that is not done, and says what is missing', async () => {
    const fetch = server(() => statusWith([]));
    const { user } = await open();
    expect(await stepHeading('Photos')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Add at least one photo.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Photos' })).toBeInTheDocument();
    expect(calledEndpoints(fetch).filter((e) => e === 'GET /api/onboarding/status').length).toBeGreaterThanOrEqual(2);
  });

  it('lets optional steps be skipped, saves a step and moves on, and goes back', async () => {
    const fetch = server(() => statusWith(['photos']), {
      'PUT /api/profile': () => ok({ ...PROFILE, relationship_type: 'long_term' }, 'Your profile has been updated.'),
    });
    const { user } = await open();
    expect(await stepHeading('About me')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));

    expect(await stepHeading("Gender and what I'm looking for")).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText("What I'm looking for (required)"), 'long_term');
    // One primary button: the required step has Continue and no Skip or Next besides.
    expect(screen.queryByRole('button', { name: 'Skip for now' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await stepHeading('Interests')).toBeInTheDocument();
    expect(sentBody(fetch, 'PUT /api/profile')).toMatchObject({ gender: 'female', relationship_type: 'long_term' });

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await stepHeading("Gender and what I'm looking for")).toBeInTheDocument();
  });

  it('a required choice starts at "Choose", not at "Prefer not to say", and Continue says it is missing', async () => {
    const fetch = server(() => statusWith(['photos', 'about']));
    const { user } = await open();
    const lookingFor = await screen.findByLabelText("What I'm looking for (required)");
    expect(within(lookingFor).queryByRole('option', { name: 'Prefer not to say' })).toBeNull();
    expect(lookingFor).toHaveDisplayValue('Choose');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(calledEndpoints(fetch)).not.toContain('PUT /api/profile');
  });

  it('gives each step its own URL, so the browser\'s back goes to the previous step', async () => {
    server(() => statusWith(['photos']));
    const { user, router } = await open();
    expect(await stepHeading('About me')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?step=about'));
    await user.click(screen.getByRole('button', { name: 'Skip for now' }));
    expect(await stepHeading("Gender and what I'm looking for")).toBeInTheDocument();
    expect(router.state.location.search).toBe('?step=basics');
    await router.navigate(-1);
    expect(await stepHeading('About me')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/welcome');
  });

  it('saves the dating preferences step with PUT /preferences and moves to location', async () => {
    const fetch = server(() => statusWith(['photos', 'about', 'basics', 'interests']), {
      'PUT /api/preferences': () => ok({ ...PREFERENCES, genders: ['male'], is_default: false, updated_at: '2026-01-01T00:00:00.000Z' }),
    });
    const { user } = await open();
    expect(await stepHeading('Dating preferences')).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Male' }));
    expect(screen.queryByRole('button', { name: 'Reset to defaults' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await stepHeading('Location')).toBeInTheDocument();
    expect(sentBody(fetch, 'PUT /api/preferences')).toMatchObject({ genders: ['male'] });
    expect(screen.getByText('Step 6 of 6')).toBeInTheDocument();
  });

  it('finishes: completes onboarding, updates the session user and opens the dashboard', async () => {
    const finished = buildUser({ id: 'usr_new', name: 'Naledi Test', profile_completed: true, onboarding_completed_at: '2026-02-03T04:05:06.000Z' });
    const fetch = server(() => statusWith(['photos', 'basics', 'preferences', 'location']), {
      'POST /api/onboarding/complete': () => ok({ user: finished }, 'Welcome to LinkUp! Your profile is ready.'),
    });
    // Location is the last step; its URL opens it.
    const { user, router } = await open('/onboarding/welcome?step=location');
    expect(await stepHeading('Location')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    expect(calledEndpoints(fetch)).toContain('POST /api/onboarding/complete');
    expect(useSessionStore.getState().user).toEqual(finished);
    expect(JSON.parse(window.localStorage.getItem('linkup.session')!).user.onboarding_completed_at).toBe('2026-02-03T04:05:06.000Z');
    expect(await screen.findByText('Welcome to LinkUp! Your profile is ready.')).toBeInTheDocument();
  });

  it('lists what is missing when finishing is refused, with a way to each step', async () => {
    // Every step looked done, but the photo was deleted in another tab before Finish.
    server(() => statusWith([...ONBOARDING_STEP_KEYS]), {
      'POST /api/onboarding/complete': () => validationError({ photos: ['Add at least one photo.'] }, 'Please finish the remaining steps first.'),
    });
    const { user, router } = await open();
    expect(await stepHeading('Location')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finish' }));

    expect(await screen.findByText('Please finish the remaining steps first.')).toBeInTheDocument();
    // One message for the event: in place, not a toast besides (issue 17).
    expect(screen.queryByText('Could not finish onboarding.')).toBeNull();
    const todo = screen.getByRole('list', { name: 'Still to do' });
    expect(within(todo).getByText('Add at least one photo.')).toBeInTheDocument();
    await user.click(within(todo).getByRole('button', { name: 'Go to Photos' }));
    expect(await stepHeading('Photos')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/onboarding/welcome');
    expect(useSessionStore.getState().user?.profile_completed).toBe(false);
  });

  it('stops saying "Add at least one photo." once a photo is added', async () => {
    const photo = {
      id: 'pho_1', url: '/media/photos/p1/large.webp', width: 1080, height: 1350, position: 0, is_primary: true, created_at: '2026-01-01T00:00:00.000Z',
      sizes: { large: '/media/photos/p1/large.webp', medium: '/media/photos/p1/medium.webp', thumb: '/media/photos/p1/thumb.webp' },
    };
    let photos: (typeof photo)[] = [];
    // The upload goes through the api client with its progress (XMLHttpRequest): a stand-in that answers 201.
    stubUploads(() => {
      photos = [photo];
      return { status: 201, body: { success: true, data: photo, message: 'Your photo has been added.' } };
    });
    server(() => statusWith(photos.length > 0 ? ['photos'] : []), {
      'GET /api/profile/photos': () => ok({ photos, max_photos: 6, max_bytes: 10 * 1024 * 1024 }),
    });
    const { user } = await open();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Add at least one photo.')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Add photos'), new File([new Uint8Array(2_000)], 'me.jpg', { type: 'image/jpeg' }));
    // The photo is framed first, as on My Photos (issue 32 item 8).
    const crop = await screen.findByRole('dialog', { name: 'Frame your photo' });
    await user.click(within(crop).getByRole('button', { name: 'Use photo' }));
    expect(await screen.findByRole('img', { name: 'Photo 1 (main photo)' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Add at least one photo.')).toBeNull());
  });
});
