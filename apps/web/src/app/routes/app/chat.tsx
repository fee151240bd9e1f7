import { MESSAGES_PATH, matchRoute } from '@linkup/contract';
import { useLocation, useNavigate } from 'react-router';
import { ChatScreen } from '@/features/chat/components/chat-screen';

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
    />
  );
}
