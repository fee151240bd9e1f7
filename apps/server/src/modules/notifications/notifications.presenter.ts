import { PushDataSchema, type FeedNotification, type PushData } from '@linkup/contract';
import { photoUrls } from '../../adapters/storage/photos';
import type { PhotoStorage } from '../../adapters/storage/storage';
import { toBool } from '../../db/schema';
import type { InboxRow } from './notifications.repository';

/** The push data fields that name a member, by the role they play in the notification. */
const MEMBER_FIELDS = [
  { id: 'viewer_id', name: 'viewer_name', image: 'viewer_image' },
  { id: 'sender_id', name: 'sender_name', image: 'sender_image' },
  { id: 'user_id', name: 'username', image: 'user_image' },
] as const;

function storedData(json: string, type: string): PushData {
  try {
    const parsed = PushDataSchema.safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data;
  } catch {
    // A row this code did not write: show it with its type only.
  }
  return { type };
}

/**
 * One inbox item (spec §3 "Feed notification" with its push data). The member it is about is
 * shown as they are now — their current name and main photo, none when they removed it — not
 * as they were when it was sent.
 */
export function presentNotification(storage: PhotoStorage, row: InboxRow): FeedNotification {
  const data: PushData = { ...storedData(row.data, row.type), type: row.type, notification_id: row.id, timestamp: row.created_at };
  if (row.actor_id) {
    for (const field of MEMBER_FIELDS) {
      if (data[field.id] !== row.actor_id) continue;
      if (row.actor_name) data[field.name] = row.actor_name;
      if (row.actor_photo_key) data[field.image] = photoUrls(storage, row.actor_photo_key).thumb;
      else delete data[field.image];
    }
  }
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    body: row.body,
    data,
    is_read: toBool(row.is_read),
    read_at: row.read_at,
    is_clicked: toBool(row.is_clicked),
    clicked_at: row.clicked_at,
    created_at: row.created_at,
  };
}
