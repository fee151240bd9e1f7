import type { NotificationTab } from '@linkup/contract';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';
import { useUnreadStore } from '@/lib/unread-store';

/** PUT /feed/notifications/read → the tab's notifications are seen (its page is open); the badges follow. */
export async function readTab(tab: NotificationTab): Promise<void> {
  const response = await api.put<unknown>('/feed/notifications/read', { tab });
  useUnreadStore.getState().setUnreadNotifications((await schemas()).UnreadCountSchema.parse(response.data));
}
