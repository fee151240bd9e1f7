import { type SessionUser } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useSessionStore } from '@/lib/session-store';
import { onboardingKeys } from '@/features/onboarding/api/keys';
import { schemas } from '@/lib/schemas';

/** POST /onboarding/complete → the updated session user (as GET /auth/user); 422 lists what is missing. */
export async function completeOnboarding(): Promise<{ user: SessionUser; message: string | undefined }> {
  const response = await api.post<unknown>('/onboarding/complete');
  return { user: (await schemas()).OnboardingCompleteSchema.parse(response.data).user, message: response.message };
}

/** Finishing updates the session's user, so sign-in and the guards know onboarding is done. */
export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeOnboarding,
    onSuccess: ({ user }) => {
      useSessionStore.getState().updateUser(user);
      void queryClient.invalidateQueries({ queryKey: onboardingKeys.status() });
    },
  });
}
