import { type OnboardingStatus } from '@linkup/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { onboardingKeys } from '@/features/onboarding/api/keys';
import { schemas } from '@/lib/schemas';

/** GET /onboarding/status → each step and whether it is done, and where to resume. */
export async function getOnboardingStatus(signal?: AbortSignal): Promise<OnboardingStatus> {
  const response = await api.get<unknown>('/onboarding/status', undefined, { signal });
  return (await schemas()).OnboardingStatusSchema.parse(response.data);
}

export const onboardingStatusQueryOptions = () =>
  queryOptions({ queryKey: onboardingKeys.status(), queryFn: ({ signal }) => getOnboardingStatus(signal), staleTime: 0 });

export function useOnboardingStatus() {
  return useQuery(onboardingStatusQueryOptions());
}
