import '@/features/chat/chat.css';
import { FAILURE_TOASTS, FIELD_LIMITS, SUCCESS_TOASTS, UI_TEXTS, type ChatRoom, type ChatUserSearchResult } from '@linkup/contract';
import { useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { chatNameFor, useCreateRoom } from '@/features/chat/api/create-room';
import { useRooms } from '@/features/chat/api/get-rooms';
import { useUserSearch } from '@/features/chat/api/search-users';
import { ConversationItem } from '@/features/chat/components/conversation-item';
import { RequestsEntry } from '@/features/chat/components/requests-entry';
import { UserSearch, type SearchState } from '@/features/chat/components/user-search';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useErrorToast } from '@/features/chat/hooks/use-error-toast';
import { useRoomsLive } from '@/features/chat/hooks/use-rooms-live';
import { totalUnread, type UnreadCounts } from '@/lib/unread';
import { PageHeader } from '@/components/page-header';
import { plural } from '@/lib/format';
import { useUnreadStore } from '@/lib/unread-store';
import { serverMessageOr } from '@/lib/api-client';

/** How long the search box waits after the last key press before it searches. */
export const SEARCH_DEBOUNCE_MS = 300;

interface MessagesScreenProps {
  title: string;
  /** The address of a room's chat screen. */
  chatPath: (roomId: string) => string;
  /** The room open beside the list (a wide screen): highlighted. */
  selectedRoomId?: string | undefined;
  /** A chat was started from the search: open it. */
  onChatStarted: (roomId: string) => void;
  /** The message requests' page: its "Requests (n)" entry shows while requests wait (issue 29). */
  requestsPath?: string | undefined;
}

/**
 * The Messages screen (spec §2): title with the unread count, member search that starts chats,
 * and the conversation list — refreshed every 30 s without search text and on real-time events.
 */
export function MessagesScreen({ title, chatPath, selectedRoomId, onChatStarted, requestsPath }: MessagesScreenProps) {
  const [text, setText] = useState('');
  const term = text.trim();
  const debounced = useDebouncedValue(term, SEARCH_DEBOUNCE_MS);

  const rooms = useRooms({ autoRefresh: term === '' });
  const search = useUserSearch(debounced);
  const createRoom = useCreateRoom();
  useRoomsLive();

  useErrorToast(rooms, FAILURE_TOASTS.fetchChatRooms);
  useErrorToast(search, FAILURE_TOASTS.searchUsers);

  const roomList = useMemo(() => rooms.data?.pages.flatMap((p) => p.items) ?? [], [rooms.data]);
  const counts = useUnreadStore((s) => s.counts);
  const unread = totalUnread(counts);

  const searchState = searchStateOf(term, debounced, search);

  function startChat(user: ChatUserSearchResult) {
    createRoom.mutate(
      { user_id: user.id, name: chatNameFor(user.name) },
      {
        onSuccess: (room) => {
          toast.success(SUCCESS_TOASTS.chatStarted);
          setText('');
          onChatStarted(room.id);
        },
        onError: (error) => toast.error(serverMessageOr(error, FAILURE_TOASTS.createChatRoom)),
      },
    );
  }

  return (
    <section className="messages-page">
      <PageHeader title={title} subtitle={<span data-testid="unread-total">{plural(unread, 'unread message')}</span>} />
      <UserSearch value={text} onChange={setText} state={searchState} onChoose={startChat} busy={createRoom.isPending} />
      {!term && requestsPath && <RequestsEntry to={requestsPath} />}
      {!term && (
        <ConversationList
          status={rooms.isPending ? 'loading' : rooms.isError && roomList.length === 0 ? 'failed' : 'ready'}
          rooms={roomList}
          counts={counts}
          chatPath={chatPath}
          selectedRoomId={selectedRoomId}
          onRetry={() => void rooms.refetch()}
          more={rooms.hasNextPage ? { loading: rooms.isFetchingNextPage, load: () => void rooms.fetchNextPage() } : null}
        />
      )}
    </section>
  );
}

/** What the search shows for the typed text and the search of its debounced value. */
function searchStateOf(
  term: string,
  debounced: string,
  search: { isFetching: boolean; isPending: boolean; isError: boolean; data?: readonly ChatUserSearchResult[] | undefined },
): SearchState {
  if (!term) return { kind: 'idle' };
  if (term.length < FIELD_LIMITS.searchMin) return { kind: 'tooShort' };
  if (term !== debounced || search.isFetching || (search.isPending && !search.isError)) return { kind: 'searching', term };
  if (search.isError) return { kind: 'failed', term };
  return { kind: 'results', term, users: search.data ?? [] };
}

interface ConversationListProps {
  status: 'loading' | 'failed' | 'ready';
  rooms: readonly ChatRoom[];
  counts: UnreadCounts;
  chatPath: (roomId: string) => string;
  selectedRoomId: string | undefined;
  onRetry: () => void;
  /** More conversations on the server (pages of 15). */
  more: { loading: boolean; load: () => void } | null;
}

function ConversationList({ status, rooms, counts, chatPath, selectedRoomId, onRetry, more }: ConversationListProps) {
  if (status === 'loading') {
    return (
      <ul className="conversations" aria-label="Conversations" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <li key={i} className="conversation conversation--skeleton" aria-hidden="true">
            <span className="chat-avatar chat-avatar--md skeleton" />
            <span className="conversation-body">
              <span className="skeleton skeleton-line" />
              <span className="skeleton skeleton-line skeleton-line--short" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (status === 'failed') {
    return (
      <div className="chat-empty">
        <span className="chat-empty-icon" aria-hidden="true"><i className="pi pi-exclamation-circle" /></span>
        <p className="chat-empty-title">{FAILURE_TOASTS.fetchChatRooms}</p>
        <button type="button" className="chat-link-button" onClick={onRetry}>Try again</button>
      </div>
    );
  }
  if (rooms.length === 0) {
    return (
      <div className="chat-empty">
        <span className="chat-empty-icon" aria-hidden="true"><i className="pi pi-comments" /></span>
        <p className="chat-empty-title">{UI_TEXTS.messages.noConversations}</p>
        <p className="chat-empty-text">{UI_TEXTS.messages.noConversationsHint}</p>
      </div>
    );
  }
  return (
    <ul className="conversations" aria-label="Conversations">
      {rooms.map((room) => (
        <ConversationItem
          key={room.id}
          room={room}
          to={chatPath(room.id)}
          unread={counts[room.id] ?? room.unread_count}
          selected={room.id === selectedRoomId}
        />
      ))}
      {more && (
        <li className="conversation-more">
          <button type="button" className="chat-link-button" onClick={more.load} disabled={more.loading}>
            {more.loading ? UI_TEXTS.chat.loading : 'Show more conversations'}
          </button>
        </li>
      )}
    </ul>
  );
}
