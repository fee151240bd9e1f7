import { type ReportBody, type ReportResult } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { safetyKeys } from '@/features/safety/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** POST /users/{id}/report {reason, details, block} → the stored report and the server's message. */
export async function reportMember({ memberId, body }: { memberId: string; body: ReportBody }): Promise<{ report: ReportResult; message: string | undefined }> {
  const response = await api.post<unknown>(`/users/${encodeURIComponent(memberId)}/report`, body);
  return { report: (await schemas()).ReportResultSchema.parse(response.data), message: response.message };
}

export function useReportMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportMember,
    onSuccess: ({ report }) => (report.blocked ? queryClient.invalidateQueries({ queryKey: safetyKeys.blocks() }) : undefined),
  });
}
