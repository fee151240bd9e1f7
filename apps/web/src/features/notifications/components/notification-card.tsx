import '@/features/notifications/notifications.css';
import { TIMINGS, type PushData } from '@linkup/contract';
import { Button } from '@/components/button';
import { useEffect, useState } from 'react';
import { cardButtons, cardSender, typeIcon, typeLabel } from '@/features/notifications/utils/card';
import { useNotificationCardStore } from '@/features/notifications/stores/notification-card-store';
import { initials, relativeTime } from '@/lib/format';
import { VerifiedBadge } from '@/components/verified-badge';
import { isCelebrated, useMatchCelebration } from '@/lib/match-celebration';
import { mediaUrl } from '@/lib/media-url';

/**
 * The in-app notification card (spec §2): type icon and label, title, body, the member it is about
 * (photo or initials, name, 'N years old • city'), the buttons of its type and when it came;
 * it closes by itself after 8 seconds — counted again from the start once the pointer leaves it or
 * focus moves out, so a member reading it or reaching for a button is never cut off (WCAG 2.2.1).
 * What a button does is the caller's (`onAction`).
 */
export function NotificationCard({ onAction }: { onAction: (action: string, data: PushData) => void }) {
  const card = useNotificationCardStore((s) => s.card);
  const dismiss = useNotificationCardStore((s) => s.dismiss);
  const celebrated = useMatchCelebration((s) => s.memberId);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = hovered || focused;

  useEffect(() => {
    if (!card || held) return;
    const timer = setTimeout(dismiss, TIMINGS.inAppNotificationMs);
    return () => clearTimeout(timer);
  }, [card, dismiss, held]);

  // A new card starts unheld (the pointer or focus may have been on the one it replaced).
  useEffect(() => {
    setHovered(false);
    setFocused(false);
  }, [card]);

  // The match whose dialog is on screen shows once: the dialog, not the card on top (issue 32).
  useEffect(() => {
    if (card && isCelebrated(card.data, celebrated)) dismiss();
  }, [card, celebrated, dismiss]);

  if (!card || isCelebrated(card.data, celebrated)) return null;
  const { data } = card;
  const label = typeLabel(data.type);
  const sender = cardSender(data);
  const title = card.title ?? data.title ?? label;
  const body = card.body ?? data.body;

  return (
    <section
      className="notification-card"
      role="status"
      aria-label={label}
      data-type={data.type}
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <header className="notification-card__head">
        <span className="notification-card__type">
          <i className={`pi ${typeIcon(data.type)}`} aria-hidden="true" />
          {label}
        </span>
        <time dateTime={data.timestamp ?? card.receivedAt}>{relativeTime(data.timestamp ?? card.receivedAt)}</time>
        <button type="button" className="notification-card__close" aria-label="Close" onClick={dismiss}>
          <i className="pi pi-times" aria-hidden="true" />
        </button>
      </header>
      <p className="notification-card__title">{title}</p>
      {body && <p className="notification-card__body">{body}</p>}
      {sender && (
        <div className="notification-card__sender">
          {sender.image ? (
            <img src={mediaUrl(sender.image)} alt="" className="notification-card__avatar" />
          ) : (
            <span className="notification-card__avatar" aria-hidden="true">{initials(sender.name)}</span>
          )}
          <span>
            <strong>{sender.name}</strong>
            <VerifiedBadge verified={data.is_verified} />
            {sender.details && <span className="notification-card__details">{sender.details}</span>}
          </span>
        </div>
      )}
      <div className="notification-card__actions">
        {cardButtons(data.type).map((button, index) => (
          <Button
            key={button.action}
            type="button"
            label={button.label}
            className={`p-button-sm p-button-rounded${index > 0 ? ' p-button-outlined' : ''}`}
            onClick={() => {
              dismiss();
              onAction(button.action, data);
            }}
          />
        ))}
      </div>
    </section>
  );
}
