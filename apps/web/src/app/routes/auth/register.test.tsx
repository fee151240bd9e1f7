import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { yearsBefore } from '@/lib/format';
import { useSessionStore } from '@/lib/session-store';
import { buildSession, json, mockApi, mockFetch, sentBody, validationError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

afterEach(() => vi.unstubAllGlobals());

async function openRegister() {
  const view = renderApp('/auth/register');
  await screen.findByRole('heading', { level: 1, name: 'Join LinkUp' });
  return { ...view, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;

async function fillValid(user: User, overrides: { password?: string; confirmation?: string; dob?: string } = {}) {
  await user.type(screen.getByLabelText('Full name'), 'Naledi Mokoena');
  await user.type(screen.getByLabelText('Email'), 'Naledi@Example.com');
  await user.type(screen.getByLabelText('Mobile number'), '+27841234567');
  await user.type(screen.getByLabelText('Password'), overrides.password ?? 'sunset-over-table-mountain');
  await user.type(screen.getByLabelText('Confirm password'), overrides.confirmation ?? overrides.password ?? 'sunset-over-table-mountain');
  fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: overrides.dob ?? '1996-04-12' } });
  await user.click(screen.getByRole('radio', { name: 'Female' }));
  await user.click(screen.getByRole('checkbox', { name: /I agree to the Terms of Service/ }));
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: 'Create account' }));
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const id = input.getAttribute('aria-describedby')?.split(' ').find((d) => d.endsWith('-error'));
  return id ? document.getElementById(id)?.textContent : undefined;
};

describe('/auth/register', () => {
  it('registers, says "Registration successful!" and goes to onboarding signed in', async () => {
    const session = buildSession({ profile_completed: false, onboarding_completed_at: null, email_verified_at: null });
    const fetch = mockApi({ 'POST /api/auth/register': () => json(201, { success: true, data: session, message: 'Registration successful!' }) });
    const { user, router } = await openRegister();
    await fillValid(user);
    await submit(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/onboarding/welcome'));
    expect(await screen.findByText('Registration successful!')).toBeInTheDocument();
    expect(sentBody(fetch, 'POST /api/auth/register')).toEqual({
      name: 'Naledi Mokoena',
      email: 'naledi@example.com',
      mobile: '+27841234567',
      password: 'sunset-over-table-mountain',
      password_confirmation: 'sunset-over-table-mountain',
      date_of_birth: '1996-04-12',
      gender: 'female',
      terms_accepted: true,
    });
    expect(useSessionStore.getState().token).toBe(session.token);
    expect(JSON.parse(window.localStorage.getItem('linkup.session')!)).toEqual(session);
  });

  it('checks every field with the contract schema before sending', async () => {
    const fetch = mockFetch(() => json(200, {}));
    const { user } = await openRegister();
    await submit(user);

    await waitFor(() => expect(errorOf('Full name')).toBe('Enter your name.'));
    expect(errorOf('Email')).toBe('Enter a valid e-mail address.');
    expect(errorOf('Mobile number')).toBe('Enter a valid mobile number.');
    expect(errorOf('Password')).toBe('Use at least 8 characters.');
    expect(errorOf('Date of birth')).toBe('Enter your date of birth.');
    expect(screen.getByText('Choose your gender.')).toBeInTheDocument();
    expect(screen.getByText('Please accept the Terms of Service and Privacy Policy.')).toBeInTheDocument();
    expect(screen.getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses members under 18 and passwords that do not match', async () => {
    const fetch = mockFetch(() => json(200, {}));
    const { user } = await openRegister();
    const tooYoung = yearsBefore(17);
    await fillValid(user, { confirmation: 'something-else-entirely', dob: tooYoung });
    await submit(user);
    expect(errorOf('Date of birth')).toBe('You must be 18 or older to join LinkUp.');
    expect(errorOf('Confirm password')).toBe('The passwords do not match.');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('checks each field as the member leaves it, with the contract\'s messages (issue 17)', async () => {
    const fetch = mockFetch(() => json(500, {}));
    const { user } = await openRegister();
    const name = screen.getByLabelText('Full name');
    expect(name).toHaveAttribute('maxLength', '80');
    await user.click(name);
    await user.tab();
    await waitFor(() => expect(errorOf('Full name')).toBe('Enter your name.'));
    // Only the field left is checked: nothing is said yet about the fields not visited.
    expect(errorOf('Email')).toBeUndefined();
    await user.type(name, 'Naledi');
    await waitFor(() => expect(errorOf('Full name')).toBeUndefined());

    await user.type(screen.getByLabelText('Password'), 'sunset-over-table-mountain');
    await user.type(screen.getByLabelText('Confirm password'), 'sunset-over-table');
    await user.tab();
    await waitFor(() => expect(errorOf('Confirm password')).toBe('The passwords do not match.'));
    expect(errorOf('Mobile number')).toBeUndefined();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('limits the date picker to adults', async () => {
    await openRegister();
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('max', yearsBefore(18));
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('type', 'date');
  });

  it("shows the server's 422 errors next to their fields only (issue 32 item 16: one message, no alert or toast besides)", async () => {
    mockApi({
      'POST /api/auth/register': () =>
        validationError({
          email: ['The email has already been taken.'],
          password: ['This password is too common. Please choose another.'],
        }),
    });
    const { user, router } = await openRegister();
    await fillValid(user);
    await submit(user);

    await waitFor(() => expect(errorOf('Email')).toBe('The email has already been taken.'));
    expect(errorOf('Password')).toBe('This password is too common. Please choose another.');
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(within(screen.getByRole('form', { name: 'Create your account' })).queryByText(/Validation failed/)).toBeNull();
    expect(screen.queryByText(/Registration failed/)).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/register');
    expect(useSessionStore.getState().token).toBeNull();
  });

  it('maps a phone_number error to the mobile field', async () => {
    mockApi({ 'POST /api/auth/register': () => validationError({ phone_number: ['The mobile number has already been taken.'] }) });
    const { user } = await openRegister();
    await fillValid(user);
    await submit(user);
    await waitFor(() => expect(errorOf('Mobile number')).toBe('The mobile number has already been taken.'));
  });

  it('summarises the terms in the form, since the full pages need sign-in', async () => {
    await openRegister();
    expect(screen.getByText('Terms of Service and Privacy Policy in brief')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth/login');
  });
});
