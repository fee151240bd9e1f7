import { useUnreadSync } from '@/features/chat/hooks/use-unread-sync';

/** Invisible: mounted once in the app shell so the Messages tab badge follows every room. */
export function ChatUnreadSync() {
  useUnreadSync();
  return null;
}
