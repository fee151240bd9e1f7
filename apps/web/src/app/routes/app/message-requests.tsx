import { buildPath, routeByName } from '@linkup/contract';
import { useNavigate } from 'react-router';
import { useChatSafety } from '@/app/routes/app/chat';
import { RequestsScreen } from '@/features/chat/components/requests-screen';

const chatPath = (roomId: string) => buildPath(routeByName('app.messages.chat').path, { id: roomId });

/**
 * /app/messages/requests (issue 29): message requests, with Block and Report from the safety
 * feature (composed as the chat's are); an accepted request opens its conversation.
 */
export function MessageRequestsRoute() {
  const navigate = useNavigate();
  const safety = useChatSafety();
  return (
    <RequestsScreen
      title={routeByName('app.messages.requests').title}
      onAccepted={(roomId) => void navigate(chatPath(roomId), { replace: true })}
      safety={safety}
    />
  );
}
