// The service worker (pwa/sw.js) is plain JavaScript served as is, so it cannot import the
// contract: the build puts the contract's action routing and desktop notification time in front of
// it (pwa/service-worker-plugin.ts). This test runs the worker as the build emits it.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { NOTIFICATION_ACTIONS, SERVER_PATH_PREFIXES, TIMINGS, isServerPath, notificationActionPath, type PushData } from '@linkup/contract';
import { describe, expect, it } from 'vitest';
import { workerPrelude } from '../../pwa/service-worker-plugin';

const source = fs.readFileSync(path.resolve(__dirname, '../../pwa/sw.js'), 'utf8');

/** The worker's top-level functions and constants, evaluated with a stand-in for its globals. */
function workerScope(): {
  actionPath: (action: string, data: Partial<PushData>) => string; DESKTOP_NOTIFICATION_MS: number; isServerPath: (pathname: string) => boolean;
} {
  const context = vm.createContext({ self: { addEventListener: () => {} } });
  vm.runInContext(`${workerPrelude({ version: 'test', files: [] })}${source}\n;globalThis.__exported = { actionPath, DESKTOP_NOTIFICATION_MS, isServerPath };`, context);
  return (context as unknown as { __exported: ReturnType<typeof workerScope> }).__exported;
}

const DATA: Partial<PushData>[] = [
  {},
  { viewer_id: 'usr_viewer' },
  { sender_id: 'usr_sender', chat_room_id: 'room_1' },
  { user_id: 'usr_match', chat_room_id: 'room_2' },
  { viewer_id: 'usr_viewer', sender_id: 'usr_sender', user_id: 'usr_match' },
];

describe('the service worker as built, with the contract’s routing', () => {
  const worker = workerScope();

  it.each([...NOTIFICATION_ACTIONS.filter((a) => a !== 'like_back'), 'something_new'])('routes %s as the contract does, whatever the data', (action) => {
    for (const data of DATA) expect(worker.actionPath(action, data), JSON.stringify(data)).toBe(notificationActionPath(action, data));
  });

  it('opens the member’s profile for like_back with no page open (the worker cannot like; the profile offers Like)', () => {
    for (const data of DATA) expect(worker.actionPath('like_back', data), JSON.stringify(data)).toBe(notificationActionPath('view_profile', data));
  });

  it('closes desktop notifications after the contract’s time', () => {
    expect(worker.DESKTOP_NOTIFICATION_MS).toBe(TIMINGS.desktopNotificationMs);
  });

  it('leaves the server’s own paths to the network, as the contract lists them, and serves the app’s', () => {
    const own = SERVER_PATH_PREFIXES.flatMap((prefix) => [`/${prefix}`, `/${prefix}/`, `/${prefix}/some/thing`]);
    const app = ['/', '/index.html', '/app/discover', '/assets/index-abc.js', '/apix', '/media-kit', '/app/api', '/images/logo.png'];
    for (const pathname of own) expect(worker.isServerPath(pathname), pathname).toBe(true);
    for (const pathname of app) expect(worker.isServerPath(pathname), pathname).toBe(false);
    for (const pathname of [...own, ...app]) expect(worker.isServerPath(pathname)).toBe(isServerPath(pathname));
  });
});
