import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { reconnectSocket } from '@/lib/socket';
import { platform } from '@/platform/platform';

/**
 * Back from the background (native): the real-time connection opens again at once instead of
 * waiting ~45 s for its ping timeout on a connection the system cut, and every list on screen
 * reloads — the events sent meanwhile never reached the app. Invisible; mounted once in the shell.
 */
export function ResumeRefresh() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      platform.onResume(() => {
        reconnectSocket();
        void queryClient.invalidateQueries();
      }),
    [queryClient],
  );
  return null;
}
