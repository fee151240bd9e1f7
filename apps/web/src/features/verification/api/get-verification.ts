import type { VerificationState } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { verificationKeys } from '@/features/verification/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

/** GET /verification → my status, when I was verified, attempts left today, the last rejection's reasons. */
export async function getVerification({ signal }: { signal?: AbortSignal } = {}): Promise<VerificationState> {
  const response = await api.get<unknown>('/verification', undefined, { signal });
  return (await schemas()).VerificationStateSchema.parse(response.data);
}

export const verificationQueryOptions = () =>
  queryOptions({ queryKey: verificationKeys.state(), queryFn: ({ signal }) => getVerification({ signal }) });

export function useVerification() {
  return useQuery(verificationQueryOptions());
}
