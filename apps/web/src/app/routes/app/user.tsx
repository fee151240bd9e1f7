import { DEFAULT_AUTHED_PATH, FAILURE_TOASTS, SUCCESS_TOASTS, buildPath, routeByName, type PublicProfile } from '@linkup/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useMatchingMe } from '@/app/routes/app/matching-me';
import { toast } from '@/lib/toast';
import { chatNameFor, useCreateRoom } from '@/features/chat/api/create-room';
import { memberQueryOptions } from '@/features/members/api/get-member';
import { MemberProfile } from '@/features/members/components/member-profile';
import { SwipeActions } from '@/features/matching/components/swipe-actions';
import { MemberSafetyMenu } from '@/features/safety/components/member-safety-menu';
import { serverMessageOr } from '@/lib/api-client';

const chatPath = (roomId: string) => buildPath(routeByName('chat.room').path, { roomId });

/**
 * /app/user/:id — another member's profile, composed from the members feature (the profile),
 * the chat feature (Message), the matching feature (Like, Super like, Pass — wherever the profile
 * is opened from, not for a match or oneself) and the safety feature (Block, Report).
 */
export function UserRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const createRoom = useCreateRoom();
  const me = useMatchingMe();
  const queryClient = useQueryClient();
  // After a like or pass the profile says anew where the two stand (a match hides the actions).
  const swiped = () => void queryClient.invalidateQueries({ queryKey: memberQueryOptions(id).queryKey });
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
        // E.g. 422: they accept messages only from matches (the server says so with their name).
        onError: (error) => toast.error(serverMessageOr(error, FAILURE_TOASTS.createChatRoom)),
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
      verifyPath={routeByName('app.verify').path}
      renderActions={(profile) =>
        profile.relation && !profile.relation.matched ? (
          <SwipeActions userId={profile.id} name={profile.name} likedMe={profile.relation.liked_me} me={me} onDone={swiped} />
        ) : null}
      renderOptions={(profile) => <MemberSafetyMenu memberId={profile.id} name={profile.name} onBlocked={leave} />}
    />
  );
}
