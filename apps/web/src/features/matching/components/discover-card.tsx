import type { DiscoverCard, SwipeAction } from '@linkup/contract';
import { useState, type CSSProperties } from 'react';
import { VerifiedBadge } from '@/components/verified-badge';
import { MemberPhoto } from '@/features/matching/components/member-photo';
import { useSwipeGesture } from '@/features/matching/hooks/use-swipe-gesture';
import { nameAndAge, placeLine } from '@/features/matching/utils/member';
import { mediaUrl } from '@/lib/media-url';

const STAMPS: Record<SwipeAction, string> = { like: 'Like', pass: 'Pass', super_like: 'Super like' };

interface DiscoverCardViewProps {
  card: DiscoverCard;
  /** The top card takes gestures; the one behind it only peeks out. */
  active: boolean;
  onSwipe: (action: SwipeAction) => void;
  /**
   * The card behind waits with its photo until the top card's photo (the page's largest element)
   * is in, so the two do not share a slow connection (issue #18); its surface shows meanwhile.
   */
  holdPhoto?: boolean;
  /** Called when this card's photo has loaded or failed to load. */
  onPhotoSettled?: () => void;
}

/**
 * One discover card: the big photo (tap the left or right half to browse, dots show where you
 * are), name and age, city and distance, why they are shown, about and interests. The photo can be
 * dragged: right to like, left to pass, up to super like.
 */
export function DiscoverCardView({ card, active, onSwipe, holdPhoto = false, onPhotoSettled }: DiscoverCardViewProps) {
  const [index, setIndex] = useState(0);
  const gesture = useSwipeGesture(onSwipe, active);
  const photos = card.photos;
  const shown = Math.min(index, Math.max(0, photos.length - 1));
  const photo = photos[shown];
  const place = placeLine(card);
  const shared = new Set(card.shared_interests);

  const browse = (step: number) => {
    if (gesture.wasDrag()) return;
    setIndex(Math.min(photos.length - 1, Math.max(0, shown + step)));
  };

  const style: CSSProperties | undefined = gesture.offset
    ? { transform: `translate(${gesture.offset.x}px, ${Math.min(0, gesture.offset.y)}px) rotate(${gesture.offset.x / 18}deg)`, transition: 'none' }
    : undefined;

  return (
    <article
      className={`discover-card${active ? '' : ' discover-card--next'}`}
      aria-label={active ? nameAndAge(card) : undefined}
      aria-hidden={active ? undefined : true}
      style={style}
      data-testid={active ? 'discover-card' : undefined}
    >
      <div className="discover-photo" {...(active ? gesture.handlers : {})}>
        {photo ? (
          // The top card's photo is the page's largest element: it goes before the one behind it.
          !holdPhoto && (
            <img src={mediaUrl(photo.sizes.large)} alt={active ? `${card.name}, photo ${shown + 1} of ${photos.length}` : ''} draggable={false}
              fetchPriority={active ? 'high' : 'low'} onLoad={onPhotoSettled} onError={onPhotoSettled} />
          )
        ) : (
          <MemberPhoto src={null} name={card.name} className="discover-photo-empty" />
        )}
        {active && photos.length > 1 && (
          <>
            <div className="discover-dots" aria-hidden="true">
              {photos.map((p, i) => <span key={p.id} className={`discover-dot${i === shown ? ' is-current' : ''}`} />)}
            </div>
            <button type="button" className="discover-tap discover-tap--prev" aria-label="Previous photo"
              aria-disabled={shown === 0} onClick={() => browse(-1)} />
            <button type="button" className="discover-tap discover-tap--next" aria-label="Next photo"
              aria-disabled={shown === photos.length - 1} onClick={() => browse(1)} />
          </>
        )}
        {card.is_boosted && <span className="discover-boosted"><i className="pi pi-bolt" aria-hidden="true" /> Boosted</span>}
        {gesture.stamp && (
          <span className={`discover-stamp discover-stamp--${gesture.stamp.action}`} aria-hidden="true" data-testid="discover-stamp"
            style={{ opacity: gesture.stamp.strength }}>
            {STAMPS[gesture.stamp.action]}
          </span>
        )}
        <div className="discover-caption">
          {/* On the photo, so the action buttons below never cover them (issue 17). */}
          {active && card.reasons.length > 0 && (
            <ul className="match-chips discover-reasons" aria-label="Why you see them">
              {card.reasons.map((reason) => <li key={reason} className="match-chip match-chip--reason">{reason}</li>)}
            </ul>
          )}
          <h2 className="discover-name">
            {card.name}
            {card.age !== null && <span className="discover-age">, {card.age}</span>}
            <VerifiedBadge verified={card.is_verified} onPhoto />
          </h2>
          {place && <p className="discover-place"><i className="pi pi-map-marker" aria-hidden="true" /> {place}</p>}
        </div>
      </div>
      {active && (
        <div className="discover-details">
          {card.about && <p className="discover-about">{card.about}</p>}
          {card.interests.length > 0 && (
            <>
              <h3 className="discover-subtitle">Interests</h3>
              <ul className="match-chips" aria-label="Interests">
                {card.interests.map((interest) => (
                  <li key={interest} className={`match-chip${shared.has(interest) ? ' match-chip--shared' : ''}`}>
                    {interest}
                    {shared.has(interest) && <span className="sr-only"> (you share this)</span>}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </article>
  );
}
