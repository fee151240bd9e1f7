import { type OwnProfile } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from '@/features/profile/api/keys';
import { schemas } from '@/lib/schemas';

/** PUT /profile/interests {interests: names} → my interests now (and the server's message). */
export async function saveInterests(interests: string[]): Promise<{ interests: string[]; message: string | undefined }> {
  const response = await api.put<unknown>('/profile/interests', { interests });
  return { interests: (await schemas()).MyInterestsSchema.parse(response.data).interests, message: response.message };
}

export function useSaveInterests() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInterests,
    onSuccess: ({ interests }) => {
      queryClient.setQueryData<OwnProfile>(profileKeys.me(), (old) => (old ? { ...old, interests } : old));
      void queryClient.invalidateQueries({ queryKey: profileKeys.me() });
    },
  });
}
