import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { NotificationCard } from '@/features/notifications/components/notification-card';
import { useNotificationCardStore } from '@/features/notifications/stores/notification-card-store';

afterEach(() => act(() => useNotificationCardStore.getState().dismiss()));

describe('the in-app card’s sender (issue 31)', () => {
  it.each([[true, 1], [undefined, 0]] as const)('is_verified %s: %i verified badge beside the sender’s name', (isVerified, badges) => {
    render(<NotificationCard onAction={() => {}} />);
    act(() => useNotificationCardStore.getState().show({
      data: { type: 'like', title: 'New like', body: 'Thandi liked you', sender_id: 'usr_thandi', sender_name: 'Thandi', ...(isVerified ? { is_verified: isVerified } : {}) },
    }));
    const card = screen.getByRole('status', { name: 'New Like' });
    expect(within(card).getByText('Thandi')).toBeInTheDocument();
    expect(within(card).queryAllByRole('img', { name: 'Verified' })).toHaveLength(badges);
  });
});
