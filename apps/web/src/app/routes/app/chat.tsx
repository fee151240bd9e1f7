import { MESSAGES_PATH, matchRoute } from '@linkup/contract';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ChatScreen } from '@/features/chat/components/chat-screen';

/**
 * /app/messages/:id and /app/chat/:roomId — one Chat screen (spec §2). Back returns to where the
 * member came from, or to the conversation list when the chat was opened directly (a link, a push).
 */
export function ChatRoute() {
  const { id, roomId } = useParams();
  const navigate = useNavigate();
  const title = matchRoute(useLocation().pathname)?.title ?? '';
  const room = id ?? roomId;
  const cameFromApp = typeof window !== 'undefined' && ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;

  return (
    <ChatScreen
      key={room}
      title={title}
      roomId={room}
      onBack={() => void (cameFromApp ? navigate(-1) : navigate(MESSAGES_PATH, { replace: true }))}
      onLeft={() => void navigate(MESSAGES_PATH, { replace: true })}
    />
  );
}
