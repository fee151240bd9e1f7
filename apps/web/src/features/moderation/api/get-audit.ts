import type { AuditEntry, Pagination } from '@linkup/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /moderation/audit?page= → the append-only audit log, newest first. */
export async function getAudit(page: number, signal?: AbortSignal): Promise<{ items: AuditEntry[]; pagination: Pagination }> {
  const response = await api.get<unknown>('/moderation/audit', { page }, { signal });
  const { paginated, AuditEntrySchema } = await schemas();
  return paginated(AuditEntrySchema).parse(response.data);
}

export function useAudit(page: number) {
  return useQuery({ queryKey: moderationKeys.audit(page), queryFn: ({ signal }) => getAudit(page, signal), placeholderData: keepPreviousData });
}
