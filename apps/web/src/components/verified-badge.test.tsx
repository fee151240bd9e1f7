import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { VerifiedBadge } from '@/components/verified-badge';

describe('VerifiedBadge (issue 31)', () => {
  it('is a blue check named "Verified" for a verified member', () => {
    render(<p>Naledi<VerifiedBadge verified /></p>);
    const badge = screen.getByRole('img', { name: 'Verified' });
    expect(badge).toHaveClass('verified-badge');
    expect(badge.querySelector('.pi-verified')).not.toBeNull();
  });

  it('reads as its own word after the name it follows', () => {
    render(<h2>Naledi<VerifiedBadge verified /></h2>);
    expect(screen.getByRole('heading', { name: 'Naledi Verified' })).toBeInTheDocument();
  });

  it('shows nothing for a member who is not verified, or whose status the answer leaves out', () => {
    const { container } = render(<p><VerifiedBadge verified={false} /><VerifiedBadge verified={undefined} /></p>);
    expect(screen.queryByRole('img', { name: 'Verified' })).not.toBeInTheDocument();
    expect(container.querySelector('.verified-badge')).toBeNull();
  });
});
