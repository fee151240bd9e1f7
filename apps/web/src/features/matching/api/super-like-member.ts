import { type SwipeResult } from '@linkup/contract';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /matches/{id}/super-like → whether it made a match, and the likes and super likes left today. */
export async function superLikeMember(userId: string): Promise<SwipeResult> {
  const response = await api.post<unknown>(`/matches/${encodeURIComponent(userId)}/super-like`);
  return (await schemas()).SwipeResultSchema.parse(response.data);
}
