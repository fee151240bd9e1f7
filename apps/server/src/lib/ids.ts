import { randomFillSync } from 'node:crypto';

const ID_BYTES = 16;
/** Random bytes drawn 256 ids at a time: one call to the system's CSPRNG instead of one per id. */
const pool = Buffer.alloc(ID_BYTES * 256);
let offset = pool.length;

/**
 * A new opaque id: 128 random bits, base64url (22 characters). Ids of members, rooms, messages
 * and posts are never sequential, so nobody can enumerate them (DESIGN §4).
 */
export function newId(): string {
  if (offset === pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + ID_BYTES);
  offset += ID_BYTES;
  return id;
}
