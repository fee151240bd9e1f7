import { type SwipeResult } from '@linkup/contract';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /matches/{id}/pass → whether it made a match, and the likes and super likes left today. */
export async function passMember(userId: string): Promise<SwipeResult> {
  const response = await api.post<unknown>(`/matches/${encodeURIComponent(userId)}/pass`);
  return (await schemas()).SwipeResultSchema.parse(response.data);
}
