import { NOTIFICATION_SETTING_TYPES, type Settings, type UpdateSettingsBody } from '@linkup/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { settingsKeys } from '@/features/settings/api/keys';
import { schemas } from '@/lib/schemas';

export interface SavedSettings {
  data: Settings;
  message: string | undefined;
}

/** PUT /settings → changes the named settings, keeps the rest; answers all of them. */
export async function updateSettings(body: UpdateSettingsBody): Promise<SavedSettings> {
  const response = await api.put<unknown>('/settings', body);
  return { data: (await schemas()).SettingsSchema.parse(response.data), message: response.message };
}

/** The settings with a change applied, as the server will store them. */
export function applySettingsChange(current: Settings, change: UpdateSettingsBody): Settings {
  const notifications = { ...current.notifications };
  for (const type of NOTIFICATION_SETTING_TYPES) notifications[type] = { ...current.notifications[type], ...change.notifications?.[type] };
  return { privacy: { ...current.privacy, ...change.privacy }, notifications };
}

/** Saves a change; the switches move at once and go back if the server refuses. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: settingsKeys.mine() });
      const current = queryClient.getQueryData<Settings>(settingsKeys.mine());
      if (current) queryClient.setQueryData(settingsKeys.mine(), applySettingsChange(current, change));
    },
    onSuccess: ({ data }) => queryClient.setQueryData(settingsKeys.mine(), data),
    onError: () => queryClient.invalidateQueries({ queryKey: settingsKeys.mine() }),
  });
}
