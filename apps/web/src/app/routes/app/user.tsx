import { DEFAULT_AUTHED_PATH, FAILURE_TOASTS, SUCCESS_TOASTS, buildPath, routeByName, type PublicProfile } from '@linkup/contract';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@/lib/toast';
import { chatNameFor, useCreateRoom } from '@/features/chat/api/create-room';
import { MemberProfile } from '@/features/members/components/member-profile';
import { MemberSafetyMenu } from '@/features/safety/components/member-safety-menu';
import { isApiClientError } from '@/lib/api-client';

const chatPath = (roomId: string) => buildPath(routeByName('chat.room').path, { roomId });

/**
 * /app/user/:id — another member's profile, composed from the members feature (the profile),
 * the chat feature (Message) and the safety feature (Block, Report). Like and Pass join the
 * profile's actions with Discover.
 */
export function UserRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const createRoom = useCreateRoom();
  const cameFromApp = typeof window !== 'undefined' && ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
  const leave = () => void (cameFromApp ? navigate(-1) : navigate(DEFAULT_AUTHED_PATH, { replace: true }));

  const message = (profile: PublicProfile) =>
    createRoom.mutate(
      { user_id: profile.id, name: chatNameFor(profile.name) },
      {
        onSuccess: (room) => {
          toast.success(SUCCESS_TOASTS.chatStarted);
          void navigate(chatPath(room.id));
        },
        // 422: they accept messages only from matches (the server says so with their name).
        onError: (error) =>
          toast.error(isApiClientError(error) && error.status === 422 && error.serverMessage ? error.serverMessage : FAILURE_TOASTS.createChatRoom),
      },
    );

  return (
    <MemberProfile
      key={id}
      memberId={id}
      title={routeByName('app.user').title}
      onBack={leave}
      onMessage={message}
      messaging={createRoom.isPending}
      renderOptions={(profile) => <MemberSafetyMenu memberId={profile.id} name={profile.name} onBlocked={leave} />}
    />
  );
}
