import type { FeedNotification } from '@linkup/contract';

export function buildNotification(id: string, overrides: Partial<FeedNotification> = {}): FeedNotification {
  return {
    id, type: 'post_like', title: 'Someone liked your post', body: 'Bongani liked your post.',
    data: { type: 'post_like', notification_id: id, sender_id: 'usr_bongani', sender_name: 'Bongani', action: 'view_post', post_id: 'pst_mine' },
    is_read: false, read_at: null, is_clicked: false, clicked_at: null, created_at: new Date().toISOString(),
    ...overrides,
  };
}

export const inbox = (items: FeedNotification[]) => ({
  items, pagination: { current_page: 1, last_page: 1, per_page: 20, total: items.length }, unread_count: items.filter((n) => !n.is_read).length,
});
