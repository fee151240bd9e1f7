import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, calledEndpoints, json, mockApi, sentBody, validationError, apiError } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const SENT = 'Thank you — your message has reached our support team. We will reply to your e-mail address.';

async function openPage(handlers: Parameters<typeof mockApi>[0]) {
  const fetch = mockApi(handlers);
  renderApp('/app/help/contact', { session: buildSession() });
  await screen.findByRole('heading', { level: 1, name: 'Contact Us' });
  return { fetch, user: userEvent.setup() };
}

afterEach(() => vi.unstubAllGlobals());

describe('/app/help/contact', () => {
  it('sends the subject and message and shows a confirmation instead of the form', async () => {
    const { fetch, user } = await openPage({
      'POST /api/help/contact': () => json(201, { success: true, data: { id: 'sm1', subject: 'Billing', created_at: '2026-01-01T00:00:00.000Z' }, message: SENT }),
    });
    const form = screen.getByRole('form', { name: 'Contact us' });
    expect(form).toHaveTextContent('demo@linkup.app');
    await user.type(within(form).getByLabelText('Subject'), 'Billing question');
    await user.type(within(form).getByLabelText('Message'), 'I was charged twice this month.');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));

    const confirmation = await screen.findByRole('status');
    expect(confirmation).toHaveTextContent('Message sent');
    expect(confirmation).toHaveTextContent(SENT);
    expect(screen.queryByRole('form', { name: 'Contact us' })).not.toBeInTheDocument();
    expect(sentBody(fetch, 'POST /api/help/contact')).toEqual({ subject: 'Billing question', message: 'I was charged twice this month.' });

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByRole('form', { name: 'Contact us' })).toBeInTheDocument();
    expect(screen.getByLabelText('Subject')).toHaveValue('');
  });

  it('checks lengths before sending, shows server field errors, and the hourly limit', async () => {
    let limited = false;
    const { fetch, user } = await openPage({
      'POST /api/help/contact': () => (limited
        ? apiError(429, 'You have sent several messages in the last hour. Please wait a while before sending another.')
        : validationError({ message: ['Tell us a little more (at least 10 characters).'] })),
    });
    const form = screen.getByRole('form', { name: 'Contact us' });
    await user.type(within(form).getByLabelText('Subject'), 'Hi');
    await user.type(within(form).getByLabelText('Message'), 'short');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(within(form).getByText('Use at least 3 characters.')).toBeInTheDocument();
    expect(within(form).getByText('Tell us a little more (at least 10 characters).')).toBeInTheDocument();
    expect(calledEndpoints(fetch)).not.toContain('POST /api/help/contact');

    await user.type(within(form).getByLabelText('Subject'), ' there');
    await user.type(within(form).getByLabelText('Message'), ' but long enough now');
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByText('Tell us a little more (at least 10 characters).')).toBeInTheDocument();

    limited = true;
    await user.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('You have sent several messages in the last hour.');
  });
});
