import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSession, calledEndpoints, mockApi, sentBody, validationError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';
import { buildProfile, ok } from '@/features/profile/test/profile-fixtures';

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

async function openEdit(extra: Parameters<typeof mockApi>[0] = {}) {
  const fetch = mockApi({ 'GET /api/profile': () => ok(buildProfile()), ...extra });
  const view = renderApp('/app/profile/edit', { session: buildSession() });
  await screen.findByRole('heading', { level: 1, name: 'Edit Profile' });
  await screen.findByRole('form', { name: 'Profile details' });
  return { ...view, fetch, user: userEvent.setup() };
}

describe('/app/profile/edit', () => {
  it('fills the form from my profile, with labelled choices and the about counter', async () => {
    await openEdit();
    expect(screen.getByLabelText('Name')).toHaveValue('Alex Demo');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('1995-06-15');
    expect(screen.getByRole('combobox', { name: 'Gender' })).toHaveValue('male');
    expect(screen.getByRole('combobox', { name: "What I'm looking for" })).toHaveValue('long_term');
    expect(screen.getByRole('option', { name: 'Long term' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Province' })).toHaveValue('Gauteng');
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('Johannesburg');
    expect(screen.getByText('18 / 1000 characters')).toBeInTheDocument();
  });

  it('cascades province to city, saves with PUT /profile, toasts and returns to /app/profile', async () => {
    const { fetch, user, router } = await openEdit({
      'PUT /api/profile': () => ok(buildProfile({ city: 'Durban', province: 'KwaZulu-Natal' }), 'Your profile has been updated.'),
    });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Province' }), 'KwaZulu-Natal');
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('');
    expect(screen.queryByRole('option', { name: 'Johannesburg' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Durban');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Body type' }), 'Athletic');
    fireEvent.change(screen.getByLabelText('Height (cm)'), { target: { value: '182' } });
    await user.clear(screen.getByLabelText('About me'));
    await user.type(screen.getByLabelText('About me'), 'Braai master');
    expect(screen.getByText('12 / 1000 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your profile has been updated.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/profile'));
    expect(sentBody(fetch, 'PUT /api/profile')).toEqual({
      name: 'Alex Demo', date_of_birth: '1995-06-15', gender: 'male', province: 'KwaZulu-Natal', city: 'Durban', about: 'Braai master',
      relationship_type: 'long_term', marital_status: null, body_type: 'athletic', how_often_drink: null, love_language: null,
      height_cm: 182, job_title: null, education: null,
    });
  });

  it('checks the contract rules before sending (height, city of the province)', async () => {
    const { fetch, user } = await openEdit();
    fireEvent.change(screen.getByLabelText('Height (cm)'), { target: { value: '300' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Province' }), 'Limpopo');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Enter a height from 120 to 230 cm.')).toBeInTheDocument();
    expect(screen.getByLabelText('Height (cm)')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Choose a city in the chosen province.')).toBeInTheDocument();
    expect(calledEndpoints(fetch)).not.toContain('PUT /api/profile');
  });

  it('shows the server 422 errors under their fields', async () => {
    await openEdit({ 'PUT /api/profile': () => validationError({ date_of_birth: ['You must be at least 18 years old to use LinkUp.'] }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('You must be at least 18 years old to use LinkUp.')).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeInTheDocument();
  });
});
