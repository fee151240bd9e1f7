import type { HeldMessage, Pagination } from '@linkup/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /moderation/held-messages?page= → first messages the filter held for review. */
export async function getHeldMessages(page: number, signal?: AbortSignal): Promise<{ items: HeldMessage[]; pagination: Pagination }> {
  const response = await api.get<unknown>('/moderation/held-messages', { page }, { signal });
  const { paginated, HeldMessageSchema } = await schemas();
  return paginated(HeldMessageSchema).parse(response.data);
}

export function useHeldMessages(page: number) {
  return useQuery({ queryKey: moderationKeys.held(page), queryFn: ({ signal }) => getHeldMessages(page, signal), placeholderData: keepPreviousData });
}
