/**
 * A room's messages as the screen shows them (spec §2, §4): every page and every real-time event
 * merged, each message once (by id), in creation order.
 */
import type { ChatMessage } from '@linkup/contract';
import type { MessagesData } from '@/features/chat/api/get-messages';

const byCreation = (a: ChatMessage, b: ChatMessage) =>
  a.created_at === b.created_at ? (a.id < b.id ? -1 : a.id > b.id ? 1 : 0) : Date.parse(a.created_at) - Date.parse(b.created_at);

/**
 * Oldest first, each id once. Pages overlap when messages arrive between two page loads; for an id
 * seen twice the edited copy wins, else the one from the newer page.
 */
export function mergeMessages(pages: readonly (readonly ChatMessage[])[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const page of pages) {
    for (const message of page) {
      const seen = byId.get(message.id);
      if (!seen || (message.is_edited && !seen.is_edited)) byId.set(message.id, message);
    }
  }
  return [...byId.values()].sort(byCreation);
}

/** The messages of the loaded pages, ready to show. */
export const messagesOf = (data: MessagesData | undefined): ChatMessage[] =>
  data ? mergeMessages(data.pages.map((p) => p.items)) : [];

export const hasMessage = (data: MessagesData | undefined, id: string) =>
  Boolean(data?.pages.some((p) => p.items.some((m) => m.id === id)));

/**
 * A sent or received message into the cached pages: replaces the copy with the same id wherever
 * it is, or else goes to the front of page 1 (pages are newest first).
 */
export function upsertMessage(data: MessagesData | undefined, message: ChatMessage): MessagesData | undefined {
  if (!data || data.pages.length === 0) return data;
  if (hasMessage(data, message.id)) {
    return {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: page.items.map((m) => (m.id === message.id ? message : m)) })),
    };
  }
  const [first, ...rest] = data.pages;
  const total = first!.pagination.total + 1;
  return {
    ...data,
    pages: [{ items: [message, ...first!.items], pagination: { ...first!.pagination, total } }, ...rest],
  };
}

/** A new message that is not there yet; an id already present is ignored (spec §4). */
export function addMessage(data: MessagesData | undefined, message: ChatMessage): MessagesData | undefined {
  return hasMessage(data, message.id) ? data : upsertMessage(data, message);
}

/** An edit: replaces the message if it is loaded, and adds nothing otherwise. */
export function replaceMessage(data: MessagesData | undefined, message: ChatMessage): MessagesData | undefined {
  return hasMessage(data, message.id) ? upsertMessage(data, message) : data;
}

/** A deletion: the message leaves every page. */
export function removeMessage(data: MessagesData | undefined, id: string): MessagesData | undefined {
  if (!data || !hasMessage(data, id)) return data;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const items = page.items.filter((m) => m.id !== id);
      return items.length === page.items.length
        ? page
        : { items, pagination: { ...page.pagination, total: Math.max(0, page.pagination.total - 1) } };
    }),
  };
}
