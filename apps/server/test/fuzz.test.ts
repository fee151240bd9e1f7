import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS_MESSAGES, roomChannel, type CommandAck } from '@linkup/contract';
import type { UserRow } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helpers/app';
import { FACTORY_PASSWORD, bearer, buildMatch, buildUser, signIn } from './helpers/factories';
import { liveTestApp } from './helpers/sockets';

/**
 * Issue #12 item 2: every operation of the OpenAPI document, fed malformed input — wrong types,
 * missing fields, huge strings, NUL, other control and bidi-override characters, bad ids — answers
 * a client error, never a 5xx, on SQLite and on PostgreSQL alike.
 */

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  const?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  format?: string;
  default?: unknown;
};
interface Parameter { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema }
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
}
interface Case { method: string; url: string; payload?: unknown; contentType?: string; what: string }

const HUGE = 'x'.repeat(100_000);
/** Strings no database may be handed unchecked, and the ones that read differently than stored. */
const HOSTILE_STRINGS = ['a\u0000b', 'a\u0001\u001Fb', 'a\u202Eb', '\u2066x\u2069', 'a\u0085b', HUGE, '', '\uD800', '😀'.repeat(300)];
const WRONG_TYPES: unknown[] = [123, 1e308, true, null, [], { $ne: null }];
/** Path ids: NUL (encoded), bidi, controls, huge, traversal, invalid UTF-8, an id of nothing. */
const BAD_IDS = ['a%00b', '%00', '%E2%80%AE', '%01', 'x'.repeat(5000), '..%2F..%2Fetc', '%FF%FE', 'AAAAAAAAAAAAAAAAAAAAAA', "1'%20OR%20'1'='1", '-1', '0', '1e999'];
const BAD_QUERY_VALUES = ['a%00b', '%00', '%E2%80%AE', '%01', 'x'.repeat(5000), '-1', '0', '1e999', 'NaN', '%FF', '[object]', 'true'];

const isObject = (s: JsonSchema | undefined): boolean =>
  Boolean(s && (s.type === 'object' || s.properties));

/** A plausible value for a schema, so that a mutation of one field is what the server judges. */
function sample(schema: JsonSchema | undefined, depth = 0): unknown {
  if (!schema || depth > 4) return 'sample';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const variants = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  if (variants?.length) return sample(variants.find((v) => v.type !== 'null') ?? variants[0], depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'fuzz@example.test';
      if (schema.format === 'date') return '1990-01-01';
      return 'sample-value'.slice(0, Math.max(schema.minLength ?? 1, 12));
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items, depth + 1)];
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v, depth + 1)]));
    default:
      return 'sample';
  }
}

const fill = (path: string, id: string) => path.replace(/\{[^}]+\}/g, id);

/** Every malformed request of one operation. */
function casesOf(path: string, method: string, op: Operation, realId: string, validBody?: Record<string, unknown>): Case[] {
  const cases: Case[] = [];
  const upper = method.toUpperCase();
  const params = op.parameters ?? [];
  const query = params.filter((p) => p.in === 'query');
  const hasPathParams = params.some((p) => p.in === 'path');
  const base = fill(path, realId);
  const queryOf = (values: Record<string, string>) => {
    const q = Object.entries(values).map(([k, v]) => `${k}=${v}`).join('&');
    return q ? `?${q}` : '';
  };
  const validQuery = Object.fromEntries(query.map((p) => [p.name, encodeURIComponent(String(sample(p.schema)))]));

  if (hasPathParams) for (const id of BAD_IDS) cases.push({ method: upper, url: fill(path, id), what: `path id ${id.slice(0, 20)}` });
  for (const p of query) {
    for (const value of BAD_QUERY_VALUES) {
      cases.push({ method: upper, url: base + queryOf({ ...validQuery, [p.name]: value }), what: `query ${p.name}=${value.slice(0, 20)}` });
    }
    cases.push({ method: upper, url: `${base}?${p.name}=1&${p.name}=2&${p.name}[x]=3`, what: `query ${p.name} repeated` });
  }

  const json = op.requestBody?.content?.['application/json']?.schema;
  const multipart = op.requestBody?.content?.['multipart/form-data'];
  if (json) {
    const valid = validBody ?? sample(json);
    cases.push({ method: upper, url: base, what: 'no body' });
    for (const payload of [{}, [], 'text', 42, null]) cases.push({ method: upper, url: base, payload: JSON.stringify(payload), contentType: 'application/json', what: `body ${JSON.stringify(payload)}` });
    if (isObject(json)) {
      for (const [field, schema] of Object.entries(json.properties ?? {})) {
        const others = { ...(valid as Record<string, unknown>) };
        delete others[field];
        cases.push({ method: upper, url: base, payload: others, what: `missing ${field}` });
        const values = [...HOSTILE_STRINGS, ...WRONG_TYPES];
        if (schema.type === 'array' || schema.items) values.push(['a\u0000b'], [HUGE], Array.from({ length: 5000 }, () => 'x'));
        for (const value of values) {
          cases.push({ method: upper, url: base, payload: { ...(valid as object), [field]: value }, what: `${field}=${JSON.stringify(value)?.slice(0, 20)}` });
        }
      }
    }
  } else if (multipart) {
    cases.push({ method: upper, url: base, payload: '--x\r\n\r\n', contentType: 'multipart/form-data; boundary=x', what: 'broken multipart' });
    cases.push({ method: upper, url: base, payload: '{"a\u0000":1}', contentType: 'application/json', what: 'json instead of multipart' });
  } else if (upper !== 'GET') {
    cases.push({ method: upper, url: base, payload: JSON.stringify({ x: 'a\u0000b', y: HUGE }), contentType: 'application/json', what: 'unexpected body' });
  }
  return cases;
}

/** Valid bodies where a schema's sample is not, so that each mutated field is judged past the others. */
function validBodies(member: UserRow, other: UserRow, roomId: string): Record<string, Record<string, unknown>> {
  const password = 'Fuzz-password-2468';
  const mobile = '+27835550123';
  const place = { city: 'Cape Town', province: 'Western Cape' };
  return {
    'POST /api/auth/request-otp': { mobile },
    'POST /api/auth/resend-otp': { mobile },
    'POST /api/auth/otp-status': { mobile },
    'POST /api/auth/verify-otp': { mobile, otp: '123456' },
    'POST /api/auth/login': { email: member.email, password: FACTORY_PASSWORD },
    'POST /api/auth/register': {
      name: 'Fuzz Newcomer', email: 'fuzz.newcomer@example.test', mobile, password, password_confirmation: password,
      date_of_birth: '1990-01-01', gender: 'female', terms_accepted: true,
    },
    'POST /api/auth/forgot-password': { email: member.email },
    'POST /api/auth/reset-password': { token: 'not-a-reset-token', mobile, password, password_confirmation: password },
    'POST /api/chat/rooms': { user_id: other.id, name: 'Fuzz room' },
    'POST /api/chat/messages': { chat_room_id: roomId, message: 'Hello there', type: 'text' },
    'PUT /api/chat/messages/{id}': { message: 'Edited text' },
    'PUT /api/profile': { name: 'Fuzz Member', about: 'About me\nwith two lines', job_title: 'Baker', education: 'School', ...place },
    'PUT /api/preferences': { genders: ['female'], age_min: 20, age_max: 40, ...place },
    'POST /api/preferences/dating': { genders: ['female'], age_min: 20, age_max: 40, ...place },
    'POST /api/preferences/location': place,
    'POST /api/users/{id}/report': { reason: 'other', details: 'Something happened here.' },
    'PUT /api/account/email': { email: 'fuzz.changed@example.test', current_password: FACTORY_PASSWORD },
    'POST /api/account/mobile/code': { mobile, current_password: FACTORY_PASSWORD },
    'PUT /api/account/mobile': { mobile, otp: '123456', current_password: FACTORY_PASSWORD },
    'PUT /api/account/password': { current_password: FACTORY_PASSWORD, password, password_confirmation: password },
    'DELETE /api/account': { password: FACTORY_PASSWORD },
    'POST /api/help/contact': { subject: 'Help with my account', message: 'Please help me with my account.' },
    'POST /api/user/fcm-token': { fcm_token: 'fuzz-fcm-token-0123456789', device_type: 'android', device_name: 'Fuzz phone' },
  };
}

describe('malformed input over every operation of the OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  it('never answers 5xx', { timeout: 120_000 }, async () => {
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const member = await buildUser(t.database.db, { name: 'Fuzz Member' });
    const other = await buildUser(t.database.db, { name: 'Fuzz Other' });
    const room = await t.app.inject({ method: 'POST', url: '/api/chat/rooms', headers: bearer(await signIn(t.app, member)), payload: { user_id: other.id } });
    expect(room.statusCode).toBe(201);
    const bodies = validBodies(member, other, room.json().data.id);
    const failures: string[] = [];
    let sent = 0;

    for (const [path, operations] of Object.entries(doc.paths)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      for (const [method, op] of Object.entries(operations)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        // A fresh session per operation: logging out or deleting the account ends only its own.
        const headers = bearer(await signIn(t.app, member));
        const cases = casesOf(path, method, op, other.id, bodies[`${method.toUpperCase()} ${path}`]);
        const BATCH = 8;
        for (let i = 0; i < cases.length; i += BATCH) {
          const batch = cases.slice(i, i + BATCH);
          const answers = await Promise.all(batch.map((c) => t.app.inject({
            method: c.method as 'GET',
            url: c.url,
            headers: { ...headers, ...(c.contentType ? { 'content-type': c.contentType } : {}) },
            ...(c.payload !== undefined ? { payload: c.payload as string } : {}),
          })));
          answers.forEach((res, j) => {
            if (res.statusCode >= 500) failures.push(`${method.toUpperCase()} ${path} — ${batch[j]!.what} → ${res.statusCode}`);
          });
          sent += batch.length;
        }
        // The same operation signed out: a 401 (or a public answer), never a 5xx.
        const anonymous = await t.app.inject({ method: method.toUpperCase() as 'GET', url: fill(path, 'a%00b') });
        if (anonymous.statusCode >= 500) failures.push(`${method.toUpperCase()} ${path} signed out → ${anonymous.statusCode}`);
        sent += 1;
      }
    }
    expect(sent).toBeGreaterThan(2500);
    expect(failures).toEqual([]);
  });
});

describe('malformed input over the socket', () => {
  const live = liveTestApp();

  it('refuses NUL, controls and bidi overrides in a socket send with a 422 ack, and ignores them elsewhere', async () => {
    const me = await live.member('Socket Fuzzer');
    const other = await live.member('Socket Other');
    const room = await live.t.app.inject({ method: 'POST', url: '/api/chat/rooms', headers: bearer(me.token), payload: { user_id: other.user.id } });
    const roomId = room.json().data.id as string;
    for (const [field, value] of [['message', 'a\u0000b'], ['message', 'a\u202Eb'], ['message', '\u0007'], ['chat_room_id', 'a\u0000b'], ['chat_room_id', 'x'.repeat(5000)], ['chat_room_id', 42]] as const) {
      const ack = await me.socket.emitWithAck('message.send', { chat_room_id: roomId, message: 'hello', type: 'text', [field]: value } as never) as CommandAck<unknown>;
      expect(ack, `${field}=${JSON.stringify(value).slice(0, 20)}`).toMatchObject({ ok: false, status: 422 });
    }
    for (const channel of ['chat.room.a\u0000b', 'chat.room.\u202E', `chat.room.${'x'.repeat(5000)}`]) {
      expect(await me.socket.emitWithAck('subscribe', channel)).toMatchObject({ ok: false });
    }
    me.socket.emit('typing', { chat_room_id: 'a\u0000b' });
    // Still connected and served: a well-formed send after all of the above succeeds.
    const ok = await me.socket.emitWithAck('message.send', { chat_room_id: roomId, message: 'line one\nline two\tend', type: 'text' }) as CommandAck<unknown>;
    expect(ok).toMatchObject({ ok: true, status: 201 });
  });
});

describe('hostile payloads over every socket command (issue #27 item 14)', () => {
  const live = liveTestApp();
  const SERVER_ERROR = STATUS_MESSAGES[500];
  // A frame over the server's maxHttpBufferSize (64 KiB) ends the connection before any handler: huge here is just under it.
  const HOSTILE_STRINGS_OF_A_FRAME = HOSTILE_STRINGS.map((v) => (v === HUGE ? 'x'.repeat(30_000) : v));
  const HOSTILE_VALUES: unknown[] = [...HOSTILE_STRINGS_OF_A_FRAME, ...WRONG_TYPES, undefined, { chat_room_id: 'x' }, ['chat.room.x']];

  it('never answers "Server error" nor drops the socket: subscribe, unsubscribe, typing, send, read', { timeout: 60_000 }, async () => {
    const me = await live.member('Socket Hostile');
    const friend = await live.member('Socket Friend');
    const [stranger, strangersFriend] = [await live.member('Socket Stranger'), await live.member('Socket Strangers Friend')];
    // Matched pairs: their messages are a conversation's, not requests.
    const roomOf = async (a: typeof me, b: typeof me) => {
      await buildMatch(live.t.database.db, a.user, b.user);
      return (await live.t.app.inject({ method: 'POST', url: '/api/chat/rooms', headers: bearer(a.token), payload: { user_id: b.user.id } })).json().data.id as string;
    };
    const mine = await roomOf(me, friend);
    // A room of two other members: its id is real, but not mine to join, type in or write to.
    const theirs = await roomOf(stranger, strangersFriend);
    const roomIds: unknown[] = [...HOSTILE_VALUES, theirs, 'no-such-room-id', `${theirs}\u0000`, ` ${theirs}`];
    const channels: unknown[] = [
      ...HOSTILE_VALUES, ...HOSTILE_STRINGS_OF_A_FRAME.map((v) => `chat.room.${v}`), 'chat.room.\u0000', `chat.room.${theirs}`, `chat.room.${theirs}\u0000`,
      'chat.room.no-such-room-id', `member:${stranger.user.id}`, 'session:x', 'messages\u0000',
    ];
    const failures: string[] = [];
    const judge = (what: string, ack: unknown, wanted: 'refused' | 'any') => {
      const message = (ack as { message?: unknown } | null)?.message;
      const status = (ack as { status?: unknown } | null)?.status;
      if (message === SERVER_ERROR || (typeof status === 'number' && status >= 500)) failures.push(`${what} → ${JSON.stringify(ack)}`);
      else if (wanted === 'refused' && (ack as { ok?: unknown } | null)?.ok !== false) failures.push(`${what} accepted → ${JSON.stringify(ack)}`);
    };
    const label = (v: unknown) => JSON.stringify(v)?.slice(0, 30) ?? String(v);

    for (const channel of channels) judge(`subscribe ${label(channel)}`, await me.socket.emitWithAck('subscribe', channel as string), 'refused');
    for (const channel of channels) judge(`unsubscribe ${label(channel)}`, await me.socket.emitWithAck('unsubscribe', channel as string), 'any');

    const valid = { chat_room_id: mine, message: 'Hello there', type: 'text', client_id: 'fuzz-client-0001' };
    const sends: [string, unknown][] = [
      ...HOSTILE_VALUES.map((v) => [`payload ${label(v)}`, v] as [string, unknown]),
      ...roomIds.map((v) => [`chat_room_id ${label(v)}`, { ...valid, chat_room_id: v }] as [string, unknown]),
      ...HOSTILE_VALUES.filter((v) => v !== undefined).map((v) => [`type ${label(v)}`, { ...valid, type: v }] as [string, unknown]),
      ...HOSTILE_VALUES.filter((v) => v !== undefined).map((v) => [`client_id ${label(v)}`, { ...valid, client_id: v }] as [string, unknown]),
    ];
    for (const [what, payload] of sends) judge(`message.send ${what}`, await me.socket.emitWithAck('message.send', payload as never), 'refused');
    // Emoji and the like are text a message may hold: only a 5xx is wrong here.
    for (const v of HOSTILE_VALUES) judge(`message.send message ${label(v)}`, await me.socket.emitWithAck('message.send', { ...valid, message: v } as never), 'any');

    // Typing and read have no ack: they must neither crash the server nor end the socket.
    for (const id of roomIds) me.socket.emit('typing', { chat_room_id: id } as never);
    for (const v of HOSTILE_VALUES) me.socket.emit('typing', v as never);
    const raw = me.socket as unknown as { emit: (event: string, ...args: unknown[]) => void };
    for (const event of ['read', 'message.read', 'MessageRead']) {
      for (const id of roomIds) raw.emit(event, { chat_room_id: id });
      raw.emit(event, 'a\u0000b');
    }

    expect(failures).toEqual([]);
    // Still connected and served, and the room still works for its members.
    expect(me.socket.connected).toBe(true);
    expect(await me.socket.emitWithAck('subscribe', roomChannel(mine))).toEqual({ ok: true });
    const ok = await me.socket.emitWithAck('message.send', { chat_room_id: mine, message: 'Still here', type: 'text' }) as CommandAck<unknown>;
    expect(ok).toMatchObject({ ok: true, status: 201 });
    // Nothing reached the other members' room.
    const history = await live.t.app.inject({ method: 'GET', url: `/api/chat/rooms/${theirs}/messages`, headers: bearer(stranger.token) });
    expect(history.json().data.items ?? history.json().data).toEqual([]);
  });
});
