import type { BlockedMember } from '@linkup/contract';
import type { BlockRow } from './safety.repository';

/**
 * A member I blocked: the name I blocked, nothing else. No photo: a block hides the two from each
 * other, so the list never shows what they look like now (the web shows initials).
 */
export function presentBlockedMember(row: BlockRow): BlockedMember {
  return { id: row.id, name: row.name, photo: null, blocked_at: row.blocked_at };
}
