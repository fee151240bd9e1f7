import { defaultPreferences, preferenceOptions, type Preferences } from '@linkup/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildSession, calledEndpoints, json, mockApi, sentBody, validationError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const confirm = vi.hoisted(() => vi.fn(() => Promise.resolve(true)));
vi.mock(import('@/lib/dialogs'), async (importOriginal) => ({ ...(await importOriginal()), confirmDialog: confirm }));

const DEFAULTS: Preferences = { ...defaultPreferences(), is_default: true, location: null, updated_at: null };
const ok = (data: unknown, message?: string) => json(200, { success: true, data, ...(message ? { message } : {}) });

function api(prefs: Preferences = DEFAULTS, extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/preferences': () => ok(prefs),
    'GET /api/preferences/options': () => ok(preferenceOptions()),
    'GET /api/preferences/completion-status': () => ok({ completed: false, percentage: 33, missing: [{ key: 'location', label: 'Set your city and province' }] }),
    ...extra,
  });
}

async function openPage() {
  const view = renderApp('/app/preferences', { session: buildSession() });
  await screen.findByRole('heading', { level: 1, name: 'Dating Preferences' });
  await screen.findByRole('form', { name: 'Dating preferences' });
  return { ...view, user: userEvent.setup() };
}

let geolocation: { getCurrentPosition: ReturnType<typeof vi.fn> } | undefined;
beforeEach(() => {
  confirm.mockClear();
  geolocation = undefined;
  Object.defineProperty(window.navigator, 'geolocation', { configurable: true, get: () => geolocation });
});
afterEach(() => vi.unstubAllGlobals());

describe('/app/preferences', () => {
  it('shows the defaults, what is missing and the dealbreaker explanation', async () => {
    api();
    await openPage();
    expect(screen.getByText('Your preferences are 33% complete')).toBeInTheDocument();
    expect(screen.getByText('Set your city and province')).toBeInTheDocument();
    expect(screen.getByText(/Turn on “Dealbreaker” for what someone must match/)).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum age')).toHaveValue('18');
    expect(screen.getByLabelText('Maximum age')).toHaveValue('35');
    expect(screen.getByText('18 – 35 years')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Dealbreaker: Interested in' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Dealbreaker: Body type' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Maximum distance' })).toHaveValue('');
    expect(screen.getByTestId('current-location')).toHaveTextContent('Not set yet');
  });

  it('saves every field with PUT /preferences and says so', async () => {
    const saved: Preferences = { ...DEFAULTS, genders: ['female'], is_default: false, updated_at: '2026-01-01T00:00:00.000Z' };
    const fetch = api(DEFAULTS, { 'PUT /api/preferences': () => ok(saved, 'Your dating preferences have been saved.') });
    const { user } = await openPage();

    await user.click(screen.getByRole('checkbox', { name: 'Female' }));
    fireEvent.change(screen.getByLabelText('Minimum age'), { target: { value: '25' } });
    fireEvent.change(screen.getByLabelText('Maximum age'), { target: { value: '40' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Maximum distance' }), 'Within 50 km');
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Durban');
    await user.click(screen.getByRole('checkbox', { name: 'Athletic' }));
    await user.click(screen.getByRole('checkbox', { name: 'Quality time' }));
    await user.click(screen.getByRole('switch', { name: 'Dealbreaker: Body type' }));
    await user.click(screen.getByRole('switch', { name: 'Dealbreaker: Age range' }));
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));

    expect(await screen.findByText('Your dating preferences have been saved.')).toBeInTheDocument();
    expect(sentBody(fetch, 'PUT /api/preferences')).toEqual({
      genders: ['female'], age_min: 25, age_max: 40, max_distance_km: 50, city: 'Durban', province: 'KwaZulu-Natal',
      body_types: ['athletic'], drinking: [], love_languages: ['quality_time'], marital_statuses: [], relationship_types: [],
      strict_fields: ['genders', 'body_types'],
    });
  });

  it('shows 422 field errors under their fields', async () => {
    api(DEFAULTS, { 'PUT /api/preferences': () => validationError({ genders: ['Choose from the list.'], age_max: ['The maximum age must not be below the minimum age.'] }) });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Save preferences' }));
    expect(await screen.findByText('Choose from the list.')).toBeInTheDocument();
    expect(screen.getByText('The maximum age must not be below the minimum age.')).toBeInTheDocument();
    expect(screen.getByLabelText('Maximum age')).toHaveAttribute('aria-invalid', 'true');
    // Said once, beside the fields (issue 32 item 16): no alert or toast besides.
    expect(screen.queryByText(/Could not save your preferences/)).toBeNull();
  });

  it('resets to the defaults after confirming, and not without', async () => {
    const custom: Preferences = { ...DEFAULTS, genders: ['male'], age_min: 40, age_max: 50, is_default: false, updated_at: '2026-01-01T00:00:00.000Z' };
    const fetch = api(custom, { 'DELETE /api/preferences/reset': () => ok(DEFAULTS, 'Your dating preferences are back to the defaults.') });
    const { user } = await openPage();
    expect(screen.getByLabelText('Minimum age')).toHaveValue('40');

    confirm.mockResolvedValueOnce(false);
    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(calledEndpoints(fetch)).not.toContain('DELETE /api/preferences/reset');

    await user.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(confirm).toHaveBeenLastCalledWith('Reset your dating preferences?', expect.stringContaining('18 to 35'), expect.objectContaining({ confirmLabel: 'Reset' }));
    expect(await screen.findByText('Your dating preferences are back to the defaults.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Minimum age')).toHaveValue('18'));
    expect(screen.getByRole('checkbox', { name: 'Male' })).not.toBeChecked();
  });

  it('sets the location from the list', async () => {
    const fetch = api(DEFAULTS, { 'POST /api/preferences/location': () => ok({ city: 'Paarl', province: 'Western Cape' }, 'Your location has been updated.') });
    const { user } = await openPage();
    const form = screen.getByRole('form', { name: 'Choose your city' });
    await user.click(within(form).getByRole('button', { name: 'Save location' }));
    expect(await within(form).findByText('Choose your city and province, or share your current location.')).toBeInTheDocument();

    await user.selectOptions(within(form).getByRole('combobox', { name: 'Your province' }), 'Western Cape');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Your city' }), 'Paarl');
    await user.click(within(form).getByRole('button', { name: 'Save location' }));
    expect(await screen.findByText('Your location has been updated.')).toBeInTheDocument();
    expect(sentBody(fetch, 'POST /api/preferences/location')).toEqual({ city: 'Paarl', province: 'Western Cape' });
    await waitFor(() => expect(screen.getByTestId('current-location')).toHaveTextContent('Paarl, Western Cape'));
  });

  it('shares the device position once and shows only the city the server chose', async () => {
    geolocation = { getCurrentPosition: vi.fn((resolve: PositionCallback) => resolve({ coords: { latitude: -33.9249, longitude: 18.4241 } } as GeolocationPosition)) };
    const fetch = api(DEFAULTS, { 'POST /api/preferences/location': () => ok({ city: 'Cape Town', province: 'Western Cape' }, 'Your location has been updated.') });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));

    await waitFor(() => expect(screen.getByTestId('current-location')).toHaveTextContent('Cape Town, Western Cape'));
    expect(geolocation.getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(sentBody(fetch, 'POST /api/preferences/location')).toEqual({ latitude: -33.9249, longitude: 18.4241 });
    expect(document.body.textContent).not.toMatch(/33\.92|18\.42/);
    expect(JSON.stringify(window.localStorage)).not.toMatch(/33\.92|18\.42/);
  });

  it('explains when the device will not share its position', async () => {
    geolocation = { getCurrentPosition: vi.fn((_ok: PositionCallback, fail: PositionErrorCallback) => fail({ code: 1 } as GeolocationPositionError)) };
    const fetch = api();
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByText(/Location access is turned off for LinkUp/)).toBeInTheDocument();
    expect(calledEndpoints(fetch)).not.toContain('POST /api/preferences/location');
  });

  it('shows the server’s reason when no city is near the shared position', async () => {
    geolocation = { getCurrentPosition: vi.fn((resolve: PositionCallback) => resolve({ coords: { latitude: 51.5, longitude: -0.12 } } as GeolocationPosition)) };
    api(DEFAULTS, { 'POST /api/preferences/location': () => validationError({ location: ['We could not find a LinkUp city near you. Choose your city from the list.'] }) });
    const { user } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Use my current location' }));
    expect(await screen.findByText('We could not find a LinkUp city near you. Choose your city from the list.')).toBeInTheDocument();
  });
});
