import { AvatarFace } from '@/components/avatar-face';

/**
 * A round avatar: the member's photo, else at most two initials (spec §2, §9). Decorative: the
 * name is always beside it.
 */
export function ChatAvatar({ name, photo, size = 'md' }: { name: string; photo?: string | null | undefined; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className={`chat-avatar chat-avatar--${size}`} aria-hidden="true" data-testid="chat-avatar">
      <AvatarFace name={name} url={photo} />
    </span>
  );
}
