import type { Faq } from '@linkup/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession, json, mockApi } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

const FAQ: Faq = {
  search: '',
  total: 3,
  categories: [
    {
      id: 'account', title: 'Account and signing in', entries: [
        { id: 'a1', question: 'How can I sign in to LinkUp?', answer: 'With your password or a WhatsApp code.' },
        { id: 'a2', question: 'I forgot my password. How do I reset it?', answer: 'Choose Forgot password on the sign-in page.' },
      ],
    },
    { id: 'safety', title: 'Safety', entries: [{ id: 's1', question: 'What happens when I block someone?', answer: 'They disappear from your Discover.' }] },
  ],
};

function api() {
  return mockApi({
    'GET /api/help/faq': (url) => {
      const search = new URL(url, 'http://x').searchParams.get('search') ?? '';
      if (!search) return json(200, { success: true, data: FAQ });
      const words = search.toLowerCase().split(/\s+/);
      const categories = FAQ.categories
        .map((c) => ({ ...c, entries: c.entries.filter((e) => words.every((w) => `${e.question} ${e.answer}`.toLowerCase().includes(w))) }))
        .filter((c) => c.entries.length > 0);
      return json(200, { success: true, data: { search, total: categories.reduce((n, c) => n + c.entries.length, 0), categories } });
    },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('/app/help/faq', () => {
  it('lists the questions by category as an accordion', async () => {
    api();
    renderApp('/app/help/faq', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'FAQ' });
    expect(await screen.findByRole('heading', { level: 2, name: 'Account and signing in' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Safety' })).toBeInTheDocument();

    const question = screen.getByRole('button', { name: 'What happens when I block someone?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('They disappear from your Discover.')).not.toBeVisible();
    const user = userEvent.setup();
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('region', { name: 'What happens when I block someone?' })).toHaveTextContent('They disappear from your Discover.');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'false');
  });

  it('filters as the member types, and says when nothing matches', async () => {
    const fetch = api();
    renderApp('/app/help/faq', { session: buildSession() });
    await screen.findByRole('button', { name: 'How can I sign in to LinkUp?' });
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search the FAQ' }), 'password');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'What happens when I block someone?' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'I forgot my password. How do I reset it?' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('2 answers match “password”.');
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/help/faq?search=password');

    await user.clear(screen.getByRole('searchbox', { name: 'Search the FAQ' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search the FAQ' }), 'xylophone');
    expect(await screen.findByText('No answers match “xylophone”.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/app/help/contact');
  });
});
