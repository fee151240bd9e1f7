import { type FeedNotification } from '@linkup/contract';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** PUT /feed/notifications/{id}/read (seen) or …/clicked (opened; also read). */
export async function markNotification(id: string, as: 'read' | 'clicked'): Promise<FeedNotification> {
  const response = await api.put<unknown>(`/feed/notifications/${encodeURIComponent(id)}/${as}`);
  return (await schemas()).FeedNotificationSchema.parse(response.data);
}
