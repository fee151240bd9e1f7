import type { ReportDetail } from '@linkup/contract';
import { useQuery } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /moderation/reports/{id} → the report, its evidence snapshot and the subject's history. */
export async function getReport(id: string, signal?: AbortSignal): Promise<ReportDetail> {
  const response = await api.get<unknown>(`/moderation/reports/${encodeURIComponent(id)}`, undefined, { signal });
  return (await schemas()).ReportDetailSchema.parse(response.data);
}

export function useReport(id: string) {
  return useQuery({ queryKey: moderationKeys.report(id), queryFn: ({ signal }) => getReport(id, signal) });
}
