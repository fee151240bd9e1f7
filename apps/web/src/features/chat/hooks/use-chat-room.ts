import {
  CHAT_REQUEST_MESSAGES, FAILURE_TOASTS, SUCCESS_TOASTS, UI_TEXTS, isSendableMessage, type ChatMessage, type ChatRoom,
} from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { isApiClientError, serverMessageOr } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { deleteMessage } from '@/features/chat/api/delete-message';
import { editMessage } from '@/features/chat/api/edit-message';
import { useRoom } from '@/features/chat/api/get-room';
import { useMessages, type MessagesData } from '@/features/chat/api/get-messages';
import { chatKeys } from '@/features/chat/api/keys';
import { leaveRoom } from '@/features/chat/api/leave-room';
import { markRoomRead } from '@/features/chat/api/mark-room-read';
import { sendMessage } from '@/features/chat/api/send-message';
import { useErrorToast } from '@/features/chat/hooks/use-error-toast';
import { useRoomRealtime } from '@/features/chat/hooks/use-room-realtime';
import { showInRooms } from '@/features/chat/hooks/use-rooms-live';
import { useTypingIndicator } from '@/features/chat/hooks/use-typing-indicator';
import { useTypingNotifier } from '@/features/chat/hooks/use-typing-notifier';
import { newClientId } from '@/features/chat/utils/client-id';
import { addMessage, messagesOf, removeMessage, replaceMessage } from '@/features/chat/utils/messages';
import { offerPush } from '@/lib/push-token';
import { useSessionStore } from '@/lib/session-store';
import { useUnreadStore } from '@/lib/unread-store';
import { confirmHurtful, isConfirmRequired } from '@/features/chat/components/confirm-hurtful';

/** A send: sent (true), not sent (false), or waiting for "Send anyway" (issue 29: 409 confirm_required). */
export type SendOutcome = boolean | 'confirm_required';

/** A change to a room's cached messages. */
type MessageUpdate = (data: MessagesData | undefined) => MessagesData | undefined;

/** Typing events at most this often (the server relays one per 400 ms); see use-typing-notifier.ts. */
const TYPING_EMIT_INTERVAL_MS = 500;
/** Messages arriving in the open room are marked read after this quiet time, not one call each. */
const READ_MARK_DELAY_MS = 500;

/**
 * Everything the Chat screen does with one room (spec §2, §4, §5, §8): its details and messages,
 * real-time events, unread bookkeeping, typing, sending (idempotent per client id, retried over
 * HTTP), editing, deleting and leaving — each with the spec's toasts.
 */
export function useChatRoom(roomId: string | undefined) {
  const queryClient = useQueryClient();
  const myId = useSessionStore((s) => s.user?.id ?? null);
  const room = useRoom(roomId);
  const messages = useMessages(roomId);
  const typing = useTypingIndicator();

  // A room the member left (or that is gone) is a state of its own, not two error toasts (issue 17).
  const roomGone = isApiClientError(room.error) && room.error.status === 404;
  useErrorToast({ isError: room.isError && !roomGone, error: room.error, errorUpdatedAt: room.errorUpdatedAt }, FAILURE_TOASTS.fetchChatRoom);
  useErrorToast(
    {
      isError: messages.isError && !roomGone && !(isApiClientError(messages.error) && messages.error.status === 404),
      error: messages.error,
      errorUpdatedAt: messages.errorUpdatedAt,
    },
    FAILURE_TOASTS.fetchMessages,
  );

  // A load in flight answers with what the server read before it: a message sent or received
  // meanwhile would vanish when that answer replaces the cache. Changes made while the messages
  // load are kept and applied again to what the load brings (each is idempotent: add by id,
  // replace if loaded, remove by id), also when the load fails or is cancelled.
  const whileLoading = useRef<{ roomId: string; updates: MessageUpdate[] }>({ roomId: '', updates: [] });
  const setMessages = useCallback(
    (update: MessageUpdate) => {
      if (!roomId) return;
      const key = chatKeys.messages(roomId);
      if (queryClient.getQueryState(key)?.fetchStatus === 'fetching') {
        if (whileLoading.current.roomId !== roomId) whileLoading.current = { roomId, updates: [] };
        whileLoading.current.updates.push(update);
      }
      queryClient.setQueryData<MessagesData>(key, update);
    },
    [queryClient, roomId],
  );
  useLayoutEffect(() => {
    const kept = whileLoading.current;
    if (!roomId || messages.fetchStatus === 'fetching' || kept.roomId !== roomId || kept.updates.length === 0) return;
    whileLoading.current = { roomId, updates: [] };
    queryClient.setQueryData<MessagesData>(chatKeys.messages(roomId), (data) => kept.updates.reduce((next, update) => update(next), data));
  }, [queryClient, roomId, messages.fetchStatus, messages.dataUpdatedAt]);

  /** Spec §4: a new message for the open room updates its latest message and activity time. */
  const noteLatest = useCallback(
    (message: ChatMessage) => {
      if (!roomId) return;
      queryClient.setQueryData<ChatRoom>(chatKeys.room(roomId), (current) =>
        current && (!current.last_activity || current.last_activity <= message.created_at)
          ? { ...current, latest_message: message, last_activity: message.created_at, unread_count: 0 }
          : current,
      );
    },
    [queryClient, roomId],
  );

  /** Issue 29: the room is a conversation (no request of mine waits in it). */
  const notWaiting = useCallback(() => {
    if (!roomId) return;
    queryClient.setQueryData<ChatRoom>(chatKeys.room(roomId), (current) => (current?.awaiting_acceptance ? { ...current, awaiting_acceptance: false } : current));
  }, [queryClient, roomId]);

  // Opening a room sets its unread count to 0 (spec §4) and tells the server (a failure is ignored).
  const readTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (!roomId) return;
    const unread = useUnreadStore.getState();
    unread.setOpenRoom(roomId);
    unread.read(roomId);
    void markRoomRead(roomId);
    return () => {
      clearTimeout(readTimer.current);
      if (useUnreadStore.getState().openRoomId === roomId) useUnreadStore.getState().setOpenRoom(null);
    };
  }, [roomId]);

  const markReadSoon = useCallback(() => {
    if (!roomId) return;
    clearTimeout(readTimer.current);
    readTimer.current = setTimeout(() => void markRoomRead(roomId), READ_MARK_DELAY_MS);
  }, [roomId]);

  const { typers, typing: showTyping, stopTyping, clear: clearTyping } = typing;
  useEffect(() => clearTyping, [roomId, clearTyping]);

  const emitTyping = useRoomRealtime(roomId, {
    onMessage: (message) => {
      setMessages((data) => addMessage(data, message));
      noteLatest(message);
      stopTyping(message.user_id);
      if (message.user_id !== myId) {
        markReadSoon();
        // Issue 29: they wrote back, so a request of mine no longer waits.
        notWaiting();
      }
    },
    onUpdated: (message) => setMessages((data) => replaceMessage(data, message)),
    onDeleted: (id) => setMessages((data) => removeMessage(data, id)),
    onTyping: (payload) => {
      if (payload.user_id !== myId) showTyping({ userId: payload.user_id, name: payload.name });
    },
    // Issue 32: the other member read the room — its "Seen" comes with the room (the server decides what a sender may learn).
    onRead: (payload) => {
      if (roomId && payload.user_id !== myId) void queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) });
    },
    // Back online: whatever was sent, edited or deleted meanwhile comes with a fresh load.
    onReconnected: () => {
      if (!roomId) return;
      void queryClient.invalidateQueries({ queryKey: chatKeys.messages(roomId) });
      void queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) });
    },
  });

  const { typed: notifyTyping, reset: typingSent } = useTypingNotifier(() => {
    if (roomId) emitTyping(roomId);
  }, TYPING_EMIT_INTERVAL_MS);

  // A send that failed keeps its client id: sending the same text again cannot store it twice.
  const failedSend = useRef<{ text: string; clientId: string } | null>(null);
  const send = useCallback(
    async (text: string, options: { confirm?: boolean } = {}): Promise<SendOutcome> => {
      if (!roomId) {
        toast.error(UI_TEXTS.roomIdRequired);
        return false;
      }
      if (!isSendableMessage(text)) return false;
      const clientId = failedSend.current?.text === text ? failedSend.current.clientId : newClientId();
      try {
        const message = await sendMessage({
          chat_room_id: roomId, message: text, type: 'text', client_id: clientId, ...(options.confirm ? { confirm: true } : {}),
        });
        failedSend.current = null;
        // The room's first message may have made it a request that waits (issue 29): ask the server.
        const firstInRoom = !queryClient.getQueryData<ChatRoom>(chatKeys.room(roomId))?.latest_message;
        setMessages((data) => addMessage(data, message));
        showInRooms(queryClient, message);
        noteLatest(message);
        if (firstInRoom) void queryClient.invalidateQueries({ queryKey: chatKeys.room(roomId) });
        else notWaiting();
        typingSent();
        // A message sent is a moment that makes sense to offer push (issue 32 item 7).
        offerPush();
        return true;
      } catch (error) {
        failedSend.current = { text, clientId };
        // The composer asks "Are you sure? This may be hurtful." and sends again if told to.
        if (isConfirmRequired(error)) return 'confirm_required';
        // Issue 29: a request that waits shows its calm note instead of an error; a used-up day says how many are left.
        if (isApiClientError(error) && error.code === 'request_pending') {
          queryClient.setQueryData<ChatRoom>(chatKeys.room(roomId), (current) => current && { ...current, awaiting_acceptance: true });
          return false;
        }
        if (isApiClientError(error) && error.code === 'first_message_limit') {
          toast.error(CHAT_REQUEST_MESSAGES.firstMessageLimit(error.details.remaining ?? 0));
          return false;
        }
        console.warn('Sending a message failed', error);
        toast.error(serverMessageOr(error, FAILURE_TOASTS.sendMessage));
        return false;
      }
    },
    [queryClient, roomId, setMessages, noteLatest, notWaiting, typingSent],
  );

  const edit = useCallback(
    async (message: ChatMessage, text: string): Promise<boolean> => {
      if (!isSendableMessage(text)) return false;
      if (text === message.message) return true;
      try {
        const updated = await editMessage(message.id, text).catch(async (error: unknown) => {
          // Issue 29: a hurtful edit goes only after "Send anyway" ("Edit" keeps the panel open).
          if (!isConfirmRequired(error)) throw error;
          return (await confirmHurtful()) ? editMessage(message.id, text, { confirm: true }) : null;
        });
        if (!updated) return false;
        setMessages((data) => replaceMessage(data, updated));
        toast.success(SUCCESS_TOASTS.messageUpdated);
        return true;
      } catch (error) {
        toast.error(serverMessageOr(error, FAILURE_TOASTS.editMessage));
        return false;
      }
    },
    [setMessages],
  );

  const remove = useCallback(
    async (message: ChatMessage): Promise<boolean> => {
      try {
        await deleteMessage(message.id);
        setMessages((data) => removeMessage(data, message.id));
        toast.success(SUCCESS_TOASTS.messageDeleted);
        return true;
      } catch (error) {
        toast.error(serverMessageOr(error, FAILURE_TOASTS.deleteMessage));
        return false;
      }
    },
    [setMessages],
  );

  /** Spec §4: leaving removes the room and clears the current room. */
  const leave = useCallback(async (): Promise<boolean> => {
    if (!roomId) return false;
    try {
      await leaveRoom(roomId);
    } catch (error) {
      toast.error(serverMessageOr(error, FAILURE_TOASTS.leaveChatRoom));
      return false;
    }
    // The room's cached data goes with the screen (chat queries are dropped once unobserved); a
    // conversation list shown beside it (a wide screen) loads again without the room.
    useUnreadStore.getState().forget(roomId);
    void queryClient.invalidateQueries({ queryKey: chatKeys.rooms() });
    toast.success(SUCCESS_TOASTS.leftChatRoom);
    return true;
  }, [queryClient, roomId]);

  const list = useMemo(() => messagesOf(messages.data), [messages.data]);

  return {
    myId,
    room: room.data,
    roomFailed: room.isError,
    roomGone,
    messages: list,
    messagesStatus: messages.isPending ? ('loading' as const) : messages.isError && !messages.data ? ('failed' as const) : ('ready' as const),
    retryMessages: () => void messages.refetch(),
    hasEarlier: messages.hasNextPage,
    loadingEarlier: messages.isFetchingNextPage,
    loadEarlier: () => void messages.fetchNextPage(),
    typers,
    notifyTyping,
    send,
    edit,
    remove,
    leave,
  };
}
