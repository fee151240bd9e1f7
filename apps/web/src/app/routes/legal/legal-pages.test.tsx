import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, mockApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

afterEach(() => vi.unstubAllGlobals());

describe('the public privacy policy and terms (issue #34)', () => {
  it.each([
    ['/privacy', 'Privacy Policy', 'What we collect'],
    ['/terms', 'Terms of Service', 'Who may use LinkUp'],
  ])('%s shows the full text to a signed-out visitor, on the sign-in pages’ layout', async (path, title, section) => {
    const fetch = mockApi({});
    const { router } = renderApp(path);
    expect(await heading(title)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: section })).toBeInTheDocument();
    expect(screen.getByText(/^Last updated:/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
    await waitFor(() => expect(document.title).toBe(`${title} · LinkUp`));
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    // Nothing to ask the API: the page needs no account.
    expect(fetch).not.toHaveBeenCalled();
  });

  it('stays open to a signed-in member (the stores link there), while the in-app pages keep working', async () => {
    mockApi({});
    const { router, unmount } = renderApp('/privacy', { session: buildSession() });
    expect(await heading('Privacy Policy')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/privacy');
    unmount();

    renderApp('/app/privacy-policy', { session: buildSession() });
    expect(await heading('Privacy Policy')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What we collect' })).toBeInTheDocument();
  });

  it('the public terms lead to the public privacy policy; the in-app terms to the in-app one', async () => {
    mockApi({});
    const user = userEvent.setup();
    const { router, unmount } = renderApp('/terms');
    await heading('Terms of Service');
    await user.click(screen.getByRole('link', { name: 'Privacy Policy' }));
    expect(await heading('Privacy Policy')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/privacy');
    unmount();

    renderApp('/app/terms', { session: buildSession() });
    await heading('Terms of Service');
    const article = screen.getByRole('article');
    expect(within(article).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/app/privacy-policy');
  });

  it.each([
    ['/auth/login', 'Welcome Back'],
    ['/auth/register', 'Join LinkUp'],
  ])('%s links to both, before any sign-in', async (path, title) => {
    mockApi({});
    const user = userEvent.setup();
    const { router } = renderApp(path);
    await heading(title);
    const legal = screen.getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(legal).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');

    await user.click(within(legal).getByRole('link', { name: 'Terms of Service' }));
    expect(await heading('Terms of Service')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/terms');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await heading(title)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(path);
  });
});
