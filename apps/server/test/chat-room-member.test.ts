import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatRoomSchema, type ChatRoom } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';
import { type Member, api, buildMember, buildPhoto, buildRoom } from './helpers/factories';

/**
 * Issue 32 items 12 and 13: a conversation shows who it is with (the other member's name and photo,
 * not "Chat with …") and when they last read it ("Seen").
 */
describe('a chat room names its other member and when they read it', () => {
  let t: TestApp;
  const call = api(() => t.app);
  const room = async (m: Member, roomId: string): Promise<ChatRoom> => ChatRoomSchema.parse((await call(m, 'GET', `/chat/rooms/${roomId}`)).json().data);
  const listed = async (m: Member, roomId: string): Promise<ChatRoom | undefined> =>
    ((await call(m, 'GET', '/chat/rooms')).json().data.items as unknown[]).map((r) => ChatRoomSchema.parse(r)).find((r) => r.id === roomId);

  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('the list and the room carry the other member\'s name and photo, never their contact details', async () => {
    const [ama, kofi] = [await buildMember(t.app, { name: 'Ama Photo' }), await buildMember(t.app, { name: 'Kofi Photo' })];
    await buildPhoto(t.app, kofi.user, { width: 600, height: 800 });
    const roomId = await buildRoom(t.app, ama, kofi);
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
    const [efua, yaw] = [await buildMember(t.app, { name: 'Efua Seen' }), await buildMember(t.app, { name: 'Yaw Seen' })];
    const roomId = await buildRoom(t.app, efua, yaw);
    expect((await call(efua, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Are you there?', type: 'text' })).statusCode).toBe(201);
    expect((await room(efua, roomId)).seen_at).toBeNull();

    const read = await call(yaw, 'POST', `/chat/rooms/${roomId}/read`);
    expect(read.statusCode).toBe(200);
    const seen = (await room(efua, roomId)).seen_at;
    expect(seen).toEqual(expect.any(String));
    expect((await listed(efua, roomId))?.seen_at).toBe(seen);
  });

  it('a message request read by its recipient tells its sender nothing', async () => {
    const [abena, kwame] = [await buildMember(t.app, { name: 'Abena Request' }), await buildMember(t.app, { name: 'Kwame Request' })];
    const roomId = await buildRoom(t.app, abena, kwame, { matched: false });
    expect((await call(abena, 'POST', '/chat/messages', { chat_room_id: roomId, message: 'Hi, we have not matched yet', type: 'text' })).statusCode).toBe(201);
    await call(kwame, 'POST', `/chat/rooms/${roomId}/read`);
    expect((await room(abena, roomId)).seen_at).toBeNull();
    expect((await listed(abena, roomId))?.seen_at).toBeNull();
  });
});
