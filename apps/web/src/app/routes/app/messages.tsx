import { buildPath, routeByName } from '@linkup/contract';
import { useNavigate } from 'react-router';
import { MessagesScreen } from '@/features/chat/components/messages-screen';

const chatPath = (roomId: string) => buildPath(routeByName('app.messages.chat').path, { id: roomId });

/** /app/messages — the conversation list with member search (spec §2 "Messages screen"). */
export function MessagesRoute() {
  const navigate = useNavigate();
  return (
    <MessagesScreen
      title={routeByName('app.messages').title}
      chatPath={chatPath}
      onChatStarted={(roomId) => void navigate(chatPath(roomId))}
    />
  );
}
