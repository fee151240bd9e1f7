import { MESSAGE_REQUESTS_PATH, buildPath, routeByName } from '@linkup/contract';
import { useNavigate, useParams } from 'react-router';
import { ChatRoute } from '@/app/routes/app/chat';
import { MessagesScreen } from '@/features/chat/components/messages-screen';
import { PickAChat } from '@/features/chat/components/pick-a-chat';
import { messagesView } from '@/features/chat/utils/messages-view';
import { useWideScreen } from '@/lib/use-wide-screen';

const chatPath = (roomId: string) => buildPath(routeByName('app.messages.chat').path, { id: roomId });

/**
 * /app/messages, /app/messages/:id and /app/chat/:roomId (spec §2): the conversation list with
 * member search, and the chat. On a phone one or the other (the chat standalone); on a wide screen
 * side by side, the chosen room highlighted (see messages-view.ts). One component for the three
 * paths, so picking another chat keeps the list as it is (search text, scroll) and swaps the pane.
 */
export function MessagesRoute() {
  const { id, roomId } = useParams();
  const room = id ?? roomId;
  const navigate = useNavigate();
  const view = messagesView(room, useWideScreen());
  if (view === 'chat') return <ChatRoute roomId={room} />;

  const list = (
    <MessagesScreen
      title={routeByName('app.messages').title}
      chatPath={chatPath}
      selectedRoomId={view === 'split' ? room : undefined}
      onChatStarted={(started) => void navigate(chatPath(started))}
      requestsPath={MESSAGE_REQUESTS_PATH}
    />
  );
  if (view === 'list') return list;
  return (
    <div className="messages-split">
      {list}
      <div className="messages-pane">{room ? <ChatRoute roomId={room} inPane /> : <PickAChat />}</div>
    </div>
  );
}
