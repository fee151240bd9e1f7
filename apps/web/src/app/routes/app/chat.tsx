import { MESSAGES_PATH, SAFETY_MESSAGES, buildPath, friendlyMessage, matchRoute, routeByName } from '@linkup/contract';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ChatScreen, type ChatSafety } from '@/features/chat/components/chat-screen';
import { useUnmatch } from '@/features/matching/api/unmatch';
import { useBlockMember } from '@/features/safety/api/block-member';
import { ReportDialog } from '@/features/safety/components/report-dialog';
import { isApiClientError, serverMessageOr } from '@/lib/api-client';
import { toast } from '@/lib/toast';

const userPath = (id: string) => buildPath(routeByName('app.user').path, { id });

/** A failure's words: the server's, else the catalogue's for its status. */
const failureOf = (error: unknown) => serverMessageOr(error, isApiClientError(error) ? friendlyMessage(error) : friendlyMessage({ status: 500 }));

/**
 * Issue 29: the chat's View profile, Unmatch, Block and Report, composed here from the members
 * route, the matching feature and the safety feature (features do not import each other); the
 * message requests' Block and Report too (message-requests.tsx).
 */
export function useChatSafety(): ChatSafety {
  const navigate = useNavigate();
  const unmatch = useUnmatch();
  const block = useBlockMember();
  const { mutateAsync: unmatchAsync } = unmatch;
  const { mutateAsync: blockAsync } = block;
  return useMemo<ChatSafety>(() => ({
    openProfile: (memberId) => void navigate(userPath(memberId)),
    unmatch: async (matchId) => {
      try {
        toast.success(await unmatchAsync(matchId));
        return true;
      } catch (error) {
        toast.error(failureOf(error));
        return false;
      }
    },
    block: async (memberId) => {
      try {
        toast.success((await blockAsync(memberId)).message ?? SAFETY_MESSAGES.blocked);
        return true;
      } catch (error) {
        toast.error(failureOf(error));
        return false;
      }
    },
    renderReport: ({ memberId, name, messageId, onClose, onBlocked }) => (
      <ReportDialog memberId={memberId} name={name} messageId={messageId} visible onClose={onClose} onBlocked={onBlocked} />
    ),
  }), [navigate, unmatchAsync, blockAsync]);
}

interface ChatRouteProps {
  roomId: string | undefined;
  /** Shown beside the conversation list (a wide screen), whose heading is the page's. */
  inPane?: boolean;
}

/**
 * The Chat screen of /app/messages/:id and /app/chat/:roomId (spec §2), on its own page or in the
 * Messages split view (routes/app/messages.tsx). Back returns to where the member came from, or to
 * the conversation list when the chat was opened directly (a link, a push).
 */
export function ChatRoute({ roomId, inPane = false }: ChatRouteProps) {
  const navigate = useNavigate();
  const safety = useChatSafety();
  const title = matchRoute(useLocation().pathname)?.title ?? '';
  const cameFromApp = typeof window !== 'undefined' && ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

  return (
    <ChatScreen
      key={roomId}
      title={title}
      pageHeading={!inPane}
      roomId={roomId}
      onBack={() => void (cameFromApp ? navigate(-1) : navigate(MESSAGES_PATH, { replace: true }))}
      onLeft={() => void navigate(MESSAGES_PATH, { replace: true })}
      safety={safety}
    />
  );
}
