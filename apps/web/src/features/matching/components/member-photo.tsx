import { initials } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';

interface MemberPhotoProps {
  src: string | null | undefined;
  name: string;
  className?: string;
  /** Alt text; empty when the name is already next to the photo. */
  alt?: string;
}

/** A member's photo, or their initials on the brand gradient when they have none. */
export function MemberPhoto({ src, name, className = '', alt = '' }: MemberPhotoProps) {
  if (src) return <img className={`match-photo ${className}`} src={mediaUrl(src)} alt={alt} loading="lazy" />;
  return (
    <span className={`match-photo match-photo--initials ${className}`} role={alt ? 'img' : undefined} aria-label={alt || undefined} aria-hidden={alt ? undefined : true}>
      {initials(name)}
    </span>
  );
}
