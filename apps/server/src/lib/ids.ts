import { randomBytes } from 'node:crypto';

/**
 * A new opaque id: 128 random bits, base64url (22 characters). Ids of members, rooms, messages
 * and posts are never sequential, so nobody can enumerate them (DESIGN §4).
 */
export function newId(): string {
  return randomBytes(16).toString('base64url');
}
