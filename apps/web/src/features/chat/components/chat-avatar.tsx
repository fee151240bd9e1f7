import { initials } from '@/lib/format';

/** A round avatar with at most two initials (spec §2, §9). Decorative: the name is always beside it. */
export function ChatAvatar({ name, size = 'md' }: { name: string; size?: 'sm' | 'md' | 'lg' }) {
  return (
    <span className={`chat-avatar chat-avatar--${size}`} aria-hidden="true" data-testid="chat-avatar">
      {initials(name)}
    </span>
  );
}
