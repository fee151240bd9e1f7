import type { ModerationAppeal, Pagination, QueueStatus } from '@linkup/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /moderation/appeals?status=&page= → appeals with the decision appealed and the member. */
export async function getAppeals(status: QueueStatus, page: number, signal?: AbortSignal): Promise<{ items: ModerationAppeal[]; pagination: Pagination }> {
  const response = await api.get<unknown>('/moderation/appeals', { status, page }, { signal });
  const { paginated, ModerationAppealSchema } = await schemas();
  return paginated(ModerationAppealSchema).parse(response.data);
}

export function useAppeals(status: QueueStatus, page: number) {
  return useQuery({ queryKey: moderationKeys.appeals(status, page), queryFn: ({ signal }) => getAppeals(status, page, signal), placeholderData: keepPreviousData });
}
