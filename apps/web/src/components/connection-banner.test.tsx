import { UI_TEXTS } from '@linkup/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BACK_ONLINE_MS, ConnectionBanner } from '@/components/connection-banner';

function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ConnectionBanner', () => {
  it('shows nothing while online', () => {
    render(<ConnectionBanner />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("says \"You're offline\" when the connection drops, and that it is back when it returns", () => {
    vi.useFakeTimers();
    render(<ConnectionBanner />);
    act(() => goOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(UI_TEXTS.offline.title);

    act(() => goOnline(true));
    expect(screen.getByRole('status')).toHaveTextContent(UI_TEXTS.offline.backOnline);
    act(() => vi.advanceTimersByTime(BACK_ONLINE_MS));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('opens offline already showing it', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<ConnectionBanner />);
    expect(screen.getByRole('status')).toHaveTextContent(UI_TEXTS.offline.title);
  });
});
