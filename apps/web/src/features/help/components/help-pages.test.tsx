import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

describe('help and legal pages', () => {
  it('/app/help links to the FAQ, Contact Us and the legal pages', async () => {
    renderApp('/app/help', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Help & Support' });
    for (const [label, href] of [
      ['FAQ', '/app/help/faq'], ['Contact Us', '/app/help/contact'], ['Privacy Policy', '/app/privacy-policy'], ['Terms of Service', '/app/terms'],
    ] as const) {
      expect(screen.getByRole('link', { name: new RegExp(`^${label}`) })).toHaveAttribute('href', href);
    }
  });

  it('/app/privacy-policy says what is collected, why, how long, and how to export and delete', async () => {
    renderApp('/app/privacy-policy', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.getByText(/Last updated:/)).toBeInTheDocument();
    expect(screen.getByRole('article').querySelector('time')).toHaveAttribute('dateTime', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/));
    for (const heading of ['What we collect', 'Why we use it', 'What other members see', 'Who we share it with', 'How long we keep it', 'Your choices and rights', 'Adults only']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText(/do not keep the exact/)).toBeInTheDocument();
    expect(screen.getByText(/Download my data/)).toBeInTheDocument();
    expect(screen.getByText(/Delete my account/)).toBeInTheDocument();
  });

  it('/app/terms has the rules of conduct, 18+, reporting and blocking, and Premium billing', async () => {
    renderApp('/app/terms', { session: buildSession() });
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(screen.getByText(/Last updated:/)).toBeInTheDocument();
    for (const heading of ['Who may use LinkUp', 'Rules of conduct', 'Safety, reporting and blocking', 'Premium and payments', 'Ending your account']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(screen.getByText('You must be at least 18 years old.')).toBeInTheDocument();
  });
});
