// Which chat rooms a page's real-time connection follows, read off its Socket.IO frames: a
// `subscribe` the server acknowledged with ok, and no `unsubscribe` since. A test that needs a
// member's open room to receive live events (typing, say) waits for this instead of a time.
import { roomChannel } from '@linkup/contract';
import { expect, type Page } from '@playwright/test';

const followed = new WeakMap<Page, Set<string>>();

/** Starts watching the page's sockets; call before the page opens the app. */
export function watchRoomSubscriptions(page: Page): void {
  const rooms = new Set<string>();
  followed.set(page, rooms);
  page.on('websocket', (socket) => {
    if (!socket.url().includes('/socket.io/')) return;
    const asked = new Map<string, string>();
    socket.on('framesent', ({ payload }) => {
      if (typeof payload !== 'string') return;
      const subscribe = /^42(\d+)\["subscribe","([^"]+)"/.exec(payload);
      if (subscribe) asked.set(subscribe[1]!, subscribe[2]!);
      const unsubscribe = /^42\d*\["unsubscribe","([^"]+)"/.exec(payload);
      if (unsubscribe) rooms.delete(unsubscribe[1]!);
    });
    socket.on('framereceived', ({ payload }) => {
      if (typeof payload !== 'string') return;
      const ack = /^43(\d+)\[\{"ok":true/.exec(payload);
      const channel = ack && asked.get(ack[1]!);
      if (channel) rooms.add(channel);
    });
    socket.on('close', () => rooms.clear());
  });
}

/** Waits until the page follows the room's channel. */
export async function roomFollowed(page: Page, roomId: string): Promise<void> {
  const rooms = followed.get(page);
  if (!rooms) throw new Error('watchRoomSubscriptions(page) was not called before the page opened the app');
  const channel = roomChannel(roomId);
  await expect.poll(() => rooms.has(channel), { message: `the page follows ${channel}` }).toBe(true);
}
