import { type OwnProfile, type ProfileUpdate } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { profileKeys } from '@/features/profile/api/keys';
import { syncSessionUser } from '@/features/profile/api/sync-session';
import { schemas } from '@/lib/schemas';

/** PUT /profile with the changed fields → the updated profile (and the server's message). */
export async function updateProfile(body: ProfileUpdate): Promise<{ profile: OwnProfile; message: string | undefined }> {
  const response = await api.put<unknown>('/profile', body);
  return { profile: (await schemas()).OwnProfileSchema.parse(response.data), message: response.message };
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile }) => {
      queryClient.setQueryData(profileKeys.me(), profile);
      syncSessionUser({ name: profile.name });
    },
  });
}
