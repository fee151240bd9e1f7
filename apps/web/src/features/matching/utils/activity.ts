import type { ActivityItem } from '@linkup/contract';
import { DISPLAY_LOCALE } from '@/lib/format';

export interface ActivityDay {
  /** 'Today', 'Yesterday' or a date. */
  label: string;
  key: string;
  items: ActivityItem[];
}

const dateLabel = new Intl.DateTimeFormat(DISPLAY_LOCALE, { weekday: 'long', month: 'long', day: 'numeric' });
const dateLabelWithYear = new Intl.DateTimeFormat(DISPLAY_LOCALE, { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });

const localDayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;

/** Activity items (newest first) grouped by the local calendar day they happened on. */
export function groupByDay(items: readonly ActivityItem[], now: Date = new Date()): ActivityDay[] {
  const today = localDayKey(now);
  const yesterday = localDayKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1));
  const days: ActivityDay[] = [];
  for (const item of items) {
    const at = new Date(item.at);
    if (Number.isNaN(at.getTime())) continue;
    const key = localDayKey(at);
    let group = days.find((d) => d.key === key);
    if (!group) {
      const label = key === today ? 'Today' : key === yesterday ? 'Yesterday'
        : (at.getFullYear() === now.getFullYear() ? dateLabel : dateLabelWithYear).format(at);
      group = { key, label, items: [] };
      days.push(group);
    }
    group.items.push(item);
  }
  return days;
}

/** What each activity type says, and its icon (PrimeIcons). */
export const ACTIVITY_TYPES: Record<ActivityItem['type'], { icon: string; text: (name: string) => string }> = {
  like_sent: { icon: 'pi-heart', text: (name) => `You liked ${name}` },
  super_like_sent: { icon: 'pi-star', text: (name) => `You super liked ${name}` },
  match: { icon: 'pi-heart-fill', text: (name) => `You matched with ${name}` },
  visit: { icon: 'pi-eye', text: (name) => `You viewed ${name}'s profile` },
  visited_me: { icon: 'pi-user', text: (name) => `${name} viewed your profile` },
  super_like_received: { icon: 'pi-star-fill', text: (name) => `${name} super liked you` },
};
