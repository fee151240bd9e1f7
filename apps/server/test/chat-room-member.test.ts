import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatRoomSchema, type ChatRoom } from '@linkup/contract';
import type { UserRow } from '../src/db/schema';
import { newId } from '../src/lib/ids';
import { nowIso } from '../src/lib/time';
import { buildTestApp, type TestApp } from './helpers/app';
import { bearer, buildMatch, buildUser, signIn } from './helpers/factories';

interface Member { user: UserRow; token: string }

/**
 * Issue 32 items 12 and 13: a conversation shows who it is with (the other member's name and photo,
 * not "Chat with …") and when they last read it ("Seen").
 */
describe('a chat room names its other member and when they read it', () => {
  let t: TestApp;
  const make = async (name: string): Promise<Member> => {
    const user = await buildUser(t.database.db, { name });
    return { user, token: await signIn(t.app, user) };
  };
  const call = (m: Member, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(m.token), ...(payload ? { payload } : {}) });
  const addPhoto = (m: Member) => t.database.db.insertInto('user_photos').values({
    id: newId(), user_id: m.user.id, position: 0, is_primary: true, storage_key: `photos/${newId()}.webp`, width: 600, height: 800, created_at: nowIso(),
  }).execute();
  const open = async (from: Member, to: Member) => (await call(from, 'POST', '/chat/rooms', { user_id: to.user.id })).json().data.id as string;
  const room = async (m: Member, roomId: string): Promise<ChatRoom> => ChatRoomSchema.parse((await call(m, 'GET', `/chat/rooms/${roomId}`)).json().data);
  const listed = async (m: Member, roomId: string): Promise<ChatRoom | undefined> =>
    ((await call(m, 'GET', '/chat/rooms')).json().data.items as unknown[]).map((r) => ChatRoomSchema.parse(r)).find((r) => r.id === roomId);

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('the list and the room carry the other member\'s name and photo, never their contact details', async () => {
    const [ama, kofi] = [await make('Ama Photo'), await make('Kofi Photo')];
    await addPhoto(kofi);
    await buildMatch(t.database.db, ama.user, kofi.user);
    const roomId = await open(ama, kofi);
    expect((await call(ama, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Hello', type: 'text' })).statusCode).toBe(201);

    for (const [viewer, other, photo] of [[ama, kofi, true], [kofi, ama, false]] as const) {
      for (const shown of [await room(viewer, roomId), await listed(viewer, roomId)]) {
        expect(shown?.name).toBe(`Chat with ${other.user.name}`);
        expect(shown?.member).toMatchObject({ id: other.user.id, name: other.user.name });
        if (photo) expect(shown?.member?.photo?.thumb).toMatch(/^\/media\//);
        else expect(shown?.member?.photo).toBeNull();
        expect(JSON.stringify(shown)).not.toContain(other.user.email ?? '@');
        expect(JSON.stringify(shown)).not.toContain(other.user.phone_number ?? '+');
      }
    }
  });

  it('seen_at is the other member\'s read mark: null until they read, then when they did', async () => {
    const [efua, yaw] = [await make('Efua Seen'), await make('Yaw Seen')];
    await buildMatch(t.database.db, efua.user, yaw.user);
    const roomId = await open(efua, yaw);
    expect((await call(efua, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Are you there?', type: 'text' })).statusCode).toBe(201);
    expect((await room(efua, roomId)).seen_at).toBeNull();

    const read = await call(yaw, 'POST', `/chat/rooms/${roomId}/read`);
    expect(read.statusCode).toBe(200);
    const seen = (await room(efua, roomId)).seen_at;
    expect(seen).toEqual(expect.any(String));
    expect((await listed(efua, roomId))?.seen_at).toBe(seen);
  });

  it('a message request read by its recipient tells its sender nothing', async () => {
    const [abena, kwame] = [await make('Abena Request'), await make('Kwame Request')];
    const roomId = await open(abena, kwame);
    expect((await call(abena, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Hi, we have not matched yet', type: 'text' })).statusCode).toBe(201);
    await call(kwame, 'POST', `/chat/rooms/${roomId}/read`);
    expect((await room(abena, roomId)).seen_at).toBeNull();
    expect((await listed(abena, roomId))?.seen_at).toBeNull();
  });
});
