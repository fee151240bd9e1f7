/** What the in-app notification card shows for a push (spec §2 "In-app notification card"). */
import {
  NOTIFICATION_BUTTONS,
  NOTIFICATION_DEFAULT_BUTTONS,
  NOTIFICATION_FALLBACK_LABEL,
  NOTIFICATION_TYPE_LABELS,
  type NotificationAction,
  type PushData,
} from '@linkup/contract';

const ICONS: Record<string, string> = {
  profile_view: 'pi-eye',
  like: 'pi-heart',
  super_like: 'pi-star',
  match: 'pi-heart-fill',
  super_match: 'pi-star-fill',
  message: 'pi-comment',
  new_message: 'pi-comment',
  reminder: 'pi-clock',
  welcome: 'pi-gift',
};

export const typeLabel = (type: string) => NOTIFICATION_TYPE_LABELS[type] ?? NOTIFICATION_FALLBACK_LABEL;
export const typeIcon = (type: string) => ICONS[type] ?? 'pi-bell';

export function cardButtons(type: string): readonly { action: NotificationAction; label: string }[] {
  return NOTIFICATION_BUTTONS[type] ?? NOTIFICATION_DEFAULT_BUTTONS;
}

export interface CardSender {
  id?: string;
  name: string;
  image?: string;
  /** 'N years old • city', or what of it is known. */
  details: string;
}

/** The member the push is about: the viewer, the sender or the user, whichever it names. */
export function cardSender(data: PushData): CardSender | null {
  const name = data.viewer_name ?? data.sender_name ?? data.username;
  if (!name) return null;
  const id = data.viewer_id ?? data.sender_id ?? data.user_id;
  const image = data.viewer_image ?? data.sender_image ?? data.user_image;
  const age = data.viewer_age !== undefined && data.viewer_age !== '' ? `${data.viewer_age} years old` : '';
  return {
    name,
    ...(id ? { id } : {}),
    ...(image ? { image } : {}),
    details: [age, data.viewer_city ?? ''].filter(Boolean).join(' • '),
  };
}

/**
 * The action a tap on the push itself means: the push's own `action`, else the first button of
 * its type (View Profile, Start Chat, Reply…), else Open App.
 */
export function tapAction(data: PushData): string {
  return data.action ?? cardButtons(data.type)[0]?.action ?? 'open_app';
}
