/** Query keys of the chat feature; everything under ['chat'] is chat data. */
export const chatKeys = {
  all: ['chat'] as const,
  rooms: () => [...chatKeys.all, 'rooms'] as const,
  /** Message requests to me (issue 29). */
  requests: () => [...chatKeys.all, 'requests'] as const,
  room: (roomId: string) => [...chatKeys.all, 'room', roomId] as const,
  messages: (roomId: string) => [...chatKeys.all, 'messages', roomId] as const,
  userSearch: (search: string) => [...chatKeys.all, 'user-search', search] as const,
};

/**
 * Chat data lives only while a screen shows it (spec §2: "leaving the screen clears chat data"):
 * once no screen observes a chat query, the cache drops it.
 */
export const CHAT_GC_TIME_MS = 0;
