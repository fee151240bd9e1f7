import type { Photo } from '@linkup/contract';
import { useRef, useState, type KeyboardEvent, type TouchEvent } from 'react';
import { initials } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';

/** How far (px) a finger must travel sideways to turn the photo. */
const SWIPE_PX = 40;

interface PhotoGalleryProps {
  photos: readonly Photo[];
  /** The member's name, for the photos' descriptions (and the initials when there is no photo). */
  name: string;
}

/**
 * A member's photos one at a time: arrows (buttons and arrow keys), a swipe on touch screens, and
 * dots to jump to a photo. Without photos, a large initials placeholder.
 */
export function PhotoGallery({ photos, name }: PhotoGalleryProps) {
  const [index, setIndex] = useState(0);
  const touchX = useRef<number | null>(null);
  const count = photos.length;

  if (count === 0) {
    return (
      <div className="mp-gallery mp-gallery--empty" role="img" aria-label={`${name} has no photos yet`}>
        <span className="mp-gallery-initials" aria-hidden="true">{initials(name)}</span>
      </div>
    );
  }

  const current = Math.min(index, count - 1);
  const go = (next: number) => setIndex(((next % count) + count) % count);
  const photo = photos[current]!;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(current - 1);
    else if (event.key === 'ArrowRight') go(current + 1);
    else return;
    event.preventDefault();
  };
  const onTouchStart = (event: TouchEvent) => {
    touchX.current = event.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchX.current;
    const end = event.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < SWIPE_PX) return;
    go(end < start ? current + 1 : current - 1);
  };

  return (
    <div
      className="mp-gallery"
      role="group"
      aria-roledescription="carousel"
      aria-label={`Photos of ${name}`}
      tabIndex={count > 1 ? 0 : -1}
      onKeyDown={count > 1 ? onKeyDown : undefined}
      onTouchStart={count > 1 ? onTouchStart : undefined}
      onTouchEnd={count > 1 ? onTouchEnd : undefined}
    >
      <img
        key={photo.id}
        className="mp-gallery-photo"
        src={mediaUrl(photo.sizes.large)}
        srcSet={`${mediaUrl(photo.sizes.medium)} 540w, ${mediaUrl(photo.sizes.large)} 1080w`}
        sizes="(max-width: 560px) 100vw, 560px"
        alt={`Photo ${current + 1} of ${count} of ${name}`}
        draggable={false}
      />
      {count > 1 && (
        <>
          <button type="button" className="mp-gallery-arrow mp-gallery-arrow--prev" aria-label="Previous photo" onClick={() => go(current - 1)}>
            <i className="pi pi-chevron-left" aria-hidden="true" />
          </button>
          <button type="button" className="mp-gallery-arrow mp-gallery-arrow--next" aria-label="Next photo" onClick={() => go(current + 1)}>
            <i className="pi pi-chevron-right" aria-hidden="true" />
          </button>
          <div className="mp-gallery-dots">
            {photos.map((p, i) => (
              <button
                key={p.id}
                type="button"
                className={`mp-gallery-dot${i === current ? ' is-active' : ''}`}
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
