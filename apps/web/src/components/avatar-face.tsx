import { useState } from 'react';
import { initials } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';

/**
 * What a round avatar shows: the member's photo, or their initials (spec §9: at most two letters)
 * when they have none or it cannot load — offline, the photo is not cached (issue 32).
 */
export function AvatarFace({ name, url }: { name: string; url: string | null | undefined }) {
  const src = mediaUrl(url);
  const [failed, setFailed] = useState<string | null>(null);
  return src && failed !== src ? <img src={src} alt="" onError={() => setFailed(src)} /> : <>{initials(name)}</>;
}
