/** The conversation list and the chat room. */
import type { RouteName } from '@linkup/contract';
import type { QueryClient } from '@tanstack/react-query';
import { roomsQueryOptions } from '@/features/chat/api/get-rooms';

export { ChatRoute } from '@/app/routes/app/chat';
export { MessagesRoute } from '@/app/routes/app/messages';

/** The conversation list, asked for while the app starts (see prefetchFirstPage). */
export function prefetchPage(name: RouteName, queryClient: QueryClient): void {
  if (name === 'app.messages') void queryClient.prefetchInfiniteQuery(roomsQueryOptions());
}
