import '@/features/chat/chat.css';
import '@/features/chat/requests.css';
import { CHAT_REQUEST_MESSAGES, CHAT_SAFETY_TEXTS, UI_TEXTS, friendlyMessage, type ChatRequest } from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { useAcceptRequest } from '@/features/chat/api/accept-request';
import { useDeclineRequest } from '@/features/chat/api/decline-request';
import { chatKeys } from '@/features/chat/api/keys';
import { useRequests } from '@/features/chat/api/get-requests';
import { ChatAvatar } from '@/features/chat/components/chat-avatar';
import type { ChatSafety } from '@/features/chat/components/chat-screen';
import { useErrorToast } from '@/features/chat/hooks/use-error-toast';
import { useRequestsLive } from '@/features/chat/hooks/use-requests-live';
import { isApiClientError, serverMessageOr } from '@/lib/api-client';
import { confirmDialog } from '@/lib/dialogs';
import { roomListTime } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';
import { toast } from '@/lib/toast';

interface RequestsScreenProps {
  title: string;
  /** A request was accepted: open its conversation. */
  onAccepted: (roomId: string) => void;
  /** Block and Report, composed by the route from the safety feature. */
  safety?: Pick<ChatSafety, 'block' | 'renderReport'> | undefined;
}

const failureOf = (error: unknown) => serverMessageOr(error, isApiClientError(error) ? friendlyMessage(error) : friendlyMessage({ status: 500 }));

/**
 * Message requests (issue 29): first messages from members the member has not matched, each with
 * the sender's public summary and Accept, Decline, Block and Report. Accepting opens the
 * conversation; declining is private (the sender is not told).
 */
export function RequestsScreen({ title, onAccepted, safety }: RequestsScreenProps) {
  const requests = useRequests();
  useRequestsLive();
  useErrorToast(requests, CHAT_REQUEST_MESSAGES.failed);
  const queryClient = useQueryClient();
  const accept = useAcceptRequest();
  const decline = useDeclineRequest();
  const [reporting, setReporting] = useState<ChatRequest | null>(null);
  const items = requests.data?.pages.flatMap((p) => p.items) ?? [];
  const reload = () => void queryClient.invalidateQueries({ queryKey: chatKeys.requests() });

  const onAccept = (request: ChatRequest) =>
    accept.mutate(request.id, {
      onSuccess: ({ room, message }) => {
        toast.success(message ?? CHAT_REQUEST_MESSAGES.accepted);
        onAccepted(room.id);
      },
      onError: (error) => toast.error(failureOf(error)),
    });

  const onDecline = (request: ChatRequest) =>
    decline.mutate(request.id, {
      onSuccess: (message) => toast.success(message ?? CHAT_REQUEST_MESSAGES.declined),
      onError: (error) => toast.error(failureOf(error)),
    });

  const onBlock = async (request: ChatRequest) => {
    if (!safety) return;
    const question = CHAT_SAFETY_TEXTS.blockConfirm(request.sender.name);
    if (!(await confirmDialog(question, CHAT_SAFETY_TEXTS.notTold, { destructive: true, confirmLabel: CHAT_SAFETY_TEXTS.block }))) return;
    if (await safety.block(request.sender.id)) reload();
  };

  const busy = accept.isPending || decline.isPending;

  return (
    <section className="messages-page requests-page">
      <PageHeader title={title} subtitle={CHAT_REQUEST_MESSAGES.intro} />
      {requests.isPending ? (
        <ul className="conversations" aria-label={title} aria-busy="true">
          <li className="conversation conversation--skeleton" aria-hidden="true">
            <span className="chat-avatar chat-avatar--md skeleton" />
            <span className="conversation-body"><span className="skeleton skeleton-line" /></span>
          </li>
        </ul>
      ) : requests.isError && items.length === 0 ? (
        <div className="chat-empty">
          <span className="chat-empty-icon" aria-hidden="true"><i className="pi pi-exclamation-circle" /></span>
          <p className="chat-empty-title">{CHAT_REQUEST_MESSAGES.failed}</p>
          <button type="button" className="chat-link-button" onClick={() => void requests.refetch()}>Try again</button>
        </div>
      ) : items.length === 0 ? (
        <div className="chat-empty">
          <span className="chat-empty-icon" aria-hidden="true"><i className="pi pi-inbox" /></span>
          <p className="chat-empty-title">{CHAT_REQUEST_MESSAGES.empty}</p>
          <p className="chat-empty-text">{CHAT_REQUEST_MESSAGES.emptyHint}</p>
        </div>
      ) : (
        <ul className="conversations requests" aria-label={title}>
          {items.map((request) => (
            <RequestItem
              key={request.id}
              request={request}
              busy={busy}
              onAccept={() => onAccept(request)}
              onDecline={() => onDecline(request)}
              onBlock={safety ? () => void onBlock(request) : undefined}
              onReport={safety ? () => setReporting(request) : undefined}
            />
          ))}
          {requests.hasNextPage && (
            <li className="conversation-more">
              <button type="button" className="chat-link-button" onClick={() => void requests.fetchNextPage()} disabled={requests.isFetchingNextPage}>
                {requests.isFetchingNextPage ? UI_TEXTS.chat.loading : CHAT_REQUEST_MESSAGES.more}
              </button>
            </li>
          )}
        </ul>
      )}
      {reporting && safety?.renderReport({
        memberId: reporting.sender.id, name: reporting.sender.name, messageId: reporting.message.id,
        onClose: () => setReporting(null), onBlocked: reload,
      })}
    </section>
  );
}

interface RequestItemProps {
  request: ChatRequest;
  busy: boolean;
  onAccept: () => void;
  onDecline: () => void;
  onBlock: (() => void) | undefined;
  onReport: (() => void) | undefined;
}

/** One request: who (photo or initials, name, age and city), when, what they wrote, and the four answers. */
export function RequestItem({ request, busy, onAccept, onDecline, onBlock, onReport }: RequestItemProps) {
  const { sender, message } = request;
  const about = [sender.age !== null ? String(sender.age) : null, sender.city].filter(Boolean).join(' • ');
  const time = roomListTime(request.created_at);
  return (
    <li className="request" data-testid="request">
      <div className="request-top">
        {sender.photo
          ? <img className="chat-avatar chat-avatar--md request-photo" src={mediaUrl(sender.photo.thumb)} alt="" />
          : <ChatAvatar name={sender.name} />}
        <span className="conversation-body">
          <span className="conversation-top">
            <span className="conversation-name">{sender.name}</span>
            {time && <time className="conversation-time" dateTime={request.created_at}>{time}</time>}
          </span>
          {about && <span className="request-about">{about}</span>}
        </span>
      </div>
      <p className="request-message">{message.message}</p>
      <div className="request-actions" role="group" aria-label={`Request from ${sender.name}`}>
        <button type="button" className="request-accept" onClick={onAccept} disabled={busy}>{CHAT_REQUEST_MESSAGES.accept}</button>
        <button type="button" className="btn-outline" onClick={onDecline} disabled={busy}>{CHAT_REQUEST_MESSAGES.decline}</button>
        {onBlock && <button type="button" className="chat-link-button request-safety" onClick={onBlock}>{CHAT_SAFETY_TEXTS.block}</button>}
        {onReport && <button type="button" className="chat-link-button request-safety" onClick={onReport}>{CHAT_SAFETY_TEXTS.report}</button>}
      </div>
    </li>
  );
}
