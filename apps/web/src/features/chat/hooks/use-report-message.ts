import { SAFE_CONTACT_TEXTS, friendlyMessage, type ChatMessage } from '@linkup/contract';
import { useCallback } from 'react';
import { reportMessage } from '@/features/chat/api/report-message';
import { isApiClientError, serverMessageOr } from '@/lib/api-client';
import { toast } from '@/lib/toast';

/** Reports a message in one tap from its nudge (issue 29); resolves true once the server has it. */
export function useReportMessage() {
  return useCallback(async (message: ChatMessage): Promise<boolean> => {
    try {
      toast.success((await reportMessage(message)) ?? SAFE_CONTACT_TEXTS.reported);
      return true;
    } catch (error) {
      toast.error(serverMessageOr(error, friendlyMessage(isApiClientError(error) ? error : { status: 500 })));
      return false;
    }
  }, []);
}
