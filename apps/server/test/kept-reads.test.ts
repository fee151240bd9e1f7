import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DiscoverPageSchema } from '@linkup/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { buildTestApp, type TestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/database';
import { bearer, buildBlock, buildMatch, buildPhoto, buildPrivacy, buildUser, signIn } from './helpers/factories';
import { onlyOn } from './helpers/requires';
import { until } from './helpers/sockets';
import { createDatabase } from '../src/db/database';
import { LISTENER_APPLICATION_NAME } from '../src/db/postgres-row-changes';
import { Remembered } from '../src/db/remembered';
import { watchRowChanges } from '../src/db/row-changes';
import type { UserRow } from '../src/db/schema';
import { birthDateBounds } from '../src/modules/discover/discover-ranking';
import { grantPremium } from '../src/modules/subscriptions/subscriptions.repository';
import { EntitlementsRepository } from '../src/modules/shared/entitlements.repository';
import { MemberSummaryRepository } from '../src/modules/shared/member-summary.repository';
import { NotificationSettingsRepository } from '../src/modules/shared/notification-settings.repository';
import { NotificationsRepository } from '../src/modules/notifications/notifications.repository';
import { PrivacyRepository } from '../src/modules/shared/privacy.repository';
import { cityCell } from '../src/lib/geo';

interface Member { user: UserRow; token: string }
const bornAged = (age: number) => birthDateBounds(age, age).onOrBefore;

/**
 * Kept reads on PostgreSQL (issue 33): two app instances in one Node process, each with its own
 * connection pool and its own LISTEN connection to one database (as two processes would be). A
 * change made through instance A is seen by instance B's next reads — B had kept what it read
 * before — and B keeps nothing it cannot hear the changes of.
 */
describe('kept reads across app instances on one PostgreSQL database', onlyOn('postgres'), () => {
  let a: TestApp;
  let b: TestApp;
  const db = () => a.database.db;
  const redis: Record<string, string> = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {};

  const call = (t: TestApp, m: Member, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(m.token), ...(payload ? { payload } : {}) });
  const about = async (t: TestApp, of: Member, by: Member) => {
    const response = await call(t, by, 'GET', `/users/${of.user.id}`);
    return response.statusCode === 200 ? (response.json().data.about as string | null) : response.statusCode;
  };
  const discover = async (t: TestApp, viewer: Member) => {
    const response = await call(t, viewer, 'GET', '/matches/discover?per_page=50');
    expect(response.statusCode, response.body).toBe(200);
    return DiscoverPageSchema.parse(response.json().data).items;
  };
  const shown = async (t: TestApp, viewer: Member) => (await discover(t, viewer)).map((c) => c.id);
  /** A man of 32 looking for women (made after his candidates: his discover queue starts with them). */
  const makeViewer = async (): Promise<Member> => {
    const user = await buildUser(db(), { gender: 'male', date_of_birth: bornAged(32), city: 'Johannesburg', province: 'Gauteng', location_cell: cityCell('Johannesburg') });
    await db().insertInto('user_preferences').values({
      user_id: user.id, genders: JSON.stringify(['female']), age_min: 18, age_max: 60, strict_fields: JSON.stringify(['genders', 'age']),
      created_at: user.created_at, updated_at: user.created_at,
    }).execute();
    return { user, token: await signIn(a.app, user) };
  };
  /** A woman of 30 looking for men, whom the viewer discovers. */
  const candidate = async (overrides: Partial<UserRow> = {}): Promise<Member> => {
    const user = await buildUser(db(), {
      gender: 'female', date_of_birth: bornAged(30), city: 'Johannesburg', province: 'Gauteng', location_cell: cityCell('Johannesburg'), ...overrides,
    });
    await db().insertInto('user_preferences').values({
      user_id: user.id, genders: JSON.stringify(['male']), age_min: 18, age_max: 60, strict_fields: JSON.stringify(['genders', 'age']),
      created_at: user.created_at, updated_at: user.created_at,
    }).execute();
    return { user, token: await signIn(a.app, user) };
  };
  /** A change that fires no trigger (replication role), so no instance hears it: shows what B keeps. */
  const unheard = async (statement: string, values: unknown[]) => {
    const client = new pg.Client({ connectionString: a.database.url });
    await client.connect();
    try {
      await client.query('set session_replication_role = replica');
      await client.query(statement, values);
    } finally {
      await client.end();
    }
  };
  let adminPool: pg.Pool;
  const listenerPids = async () => (await adminPool.query<{ pid: number }>(
    'select pid from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER_APPLICATION_NAME],
  )).rows.map((r) => r.pid);

  beforeAll(async () => {
    a = await buildTestApp(redis);
    const handle = createDatabase({ databaseUrl: a.database.url, dataDir: os.tmpdir(), poolMax: 4 });
    const second: TestDatabase = { ...handle, url: a.database.url!, destroy: () => handle.close() };
    b = await buildTestApp(redis, { database: second });
    adminPool = new pg.Pool({ connectionString: a.database.url, max: 1 });
    // Both instances listen (one LISTEN connection each) before any test relies on it.
    await until(async () => (await listenerPids()).length === 2, 10_000);
  });
  afterAll(async () => {
    await adminPool?.end();
    await b?.close();
    await b?.database.destroy();
    await a?.close();
  });

  it('B keeps a profile it read, and reads it again once A changes it', async () => {
    const member = await candidate({ about: 'Before' });
    const viewer = await makeViewer();
    await until(async () => (await about(b, member, viewer)) === 'Before');
    // Kept: a change nobody hears does not reach B's answer...
    await unheard('update users set about = $1 where id = $2', ['Unheard', member.user.id]);
    expect(await about(b, member, viewer)).toBe('Before');
    // ...a change through A does.
    expect((await call(a, member, 'PUT', '/profile', { about: 'Edited through A' })).statusCode).toBe(200);
    await until(async () => (await about(b, member, viewer)) === 'Edited through A');
  });

  it('a pass through A leaves B\'s discover', async () => {
    const passed = await candidate();
    const viewer = await makeViewer();
    await until(async () => (await shown(b, viewer)).includes(passed.user.id));
    expect((await call(a, viewer, 'POST', `/matches/${passed.user.id}/pass`)).statusCode).toBe(200);
    await until(async () => !(await shown(b, viewer)).includes(passed.user.id));
  });

  it('a block through A hides the member on B, in discover and their profile', async () => {
    const blocked = await candidate({ about: 'Soon blocked' });
    const viewer = await makeViewer();
    await until(async () => (await shown(b, viewer)).includes(blocked.user.id) && (await about(b, blocked, viewer)) === 'Soon blocked');
    expect((await call(a, viewer, 'POST', `/users/${blocked.user.id}/block`)).statusCode).toBeLessThan(300);
    await until(async () => !(await shown(b, viewer)).includes(blocked.user.id) && (await about(b, blocked, viewer)) === 404);
  });

  it('a boost through A ranks the member boosted on B', async () => {
    const quiet = await candidate({ last_active_at: new Date(Date.now() - 20 * 24 * 3600_000).toISOString() });
    await grantPremium(db(), quiet.user.id, 30, new Date().toISOString());
    const viewer = await makeViewer();
    await until(async () => (await discover(b, viewer)).some((c) => c.id === quiet.user.id && !c.is_boosted));
    expect((await call(a, quiet, 'POST', '/matches/boost-profile')).statusCode).toBe(200);
    await until(async () => (await discover(b, viewer))[0]?.id === quiet.user.id && (await discover(b, viewer))[0]?.is_boosted === true);
  });

  it('a sign-out through A ends the session on B', async () => {
    const member = await candidate();
    const token = await signIn(a.app, member.user);
    const me = () => b.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    expect((await me()).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBeLessThan(300);
    await until(async () => (await me()).statusCode === 401);
  });

  it('a sign-out answers 401 on the instance that signed out at once (its own change heard before it answers)', async () => {
    const member = await candidate();
    const token = await signIn(a.app, member.user);
    const me = () => a.app.inject({ method: 'GET', url: '/api/auth/user', headers: bearer(token) });
    expect((await me()).statusCode).toBe(200);
    expect((await a.app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) })).statusCode).toBeLessThan(300);
    expect((await me()).statusCode).toBe(401);
  });

  it('B keeps what each notification reads — the actor\'s summary, the recipient\'s premium and switches — and reads it again once A changes it', async () => {
    const dbB = b.database.db;
    const summaries = new MemberSummaryRepository(dbB, new PrivacyRepository(dbB), { remember: true });
    const entitlements = new EntitlementsRepository(dbB, { remember: true });
    const switches = new NotificationSettingsRepository(dbB, { remember: true });
    const member = await candidate({ name: 'Kept Name' });
    const id = member.user.id;
    const now = () => new Date().toISOString();
    /** Waits until B keeps `read`'s answer: a change nobody hears no longer reaches it (B listens once its triggers exist). */
    const keptOnB = (read: () => Promise<unknown>, changeUnheard: (round: number) => Promise<void>) => {
      let round = 0;
      return until(async () => {
        const before = await read();
        await changeUnheard(++round);
        return JSON.stringify(await read()) === JSON.stringify(before);
      }, 10_000);
    };

    // The actor's summary: name, main photo, hidden age.
    const summary = async () => {
      const rows = await summaries.rows([id]);
      return { name: rows.users[0]?.name, photos: rows.photos.length, showAge: rows.privacy.get(id)?.show_age };
    };
    await keptOnB(summary, (round) => unheard('update users set name = $1 where id = $2', [`Unheard ${round}`, id]));
    await db().updateTable('users').set({ name: 'Renamed through A' }).where('id', '=', id).execute();
    await until(async () => (await summary()).name === 'Renamed through A');
    await keptOnB(summary, (round) => unheard('update users set name = $1 where id = $2', [`Unheard again ${round}`, id]));
    await buildPhoto(a.app, member.user);
    await until(async () => (await summary()).photos === 1);
    await buildPrivacy(a.app, member.user, { show_age: false });
    await until(async () => (await summary()).showAge === false);
    // Its last activity, written as the member uses the app, is not what a summary shows: nothing to forget.
    await db().updateTable('users').set({ last_active_at: now() }).where('id', '=', id).execute();

    // The recipient's premium: granted through A, premium on B at once.
    const premium = () => entitlements.isPremium(id, now());
    await keptOnB(premium, () => unheard('update users set about = $1 where id = $2', ['no premium here', id]));
    expect(await premium()).toBe(false);
    await grantPremium(db(), id, 30, now());
    await until(() => premium());
    // A period ended through A (a refund): premium no longer.
    await db().updateTable('subscriptions').set({ ends_at: now() }).where('user_id', '=', id).execute();
    await until(async () => !(await premium()));

    // The recipient's switches: message pushes turned off through A.
    const messagePush = async () => (await switches.of([id])).get(id)!.message.push;
    await keptOnB(messagePush, (round) => unheard('update user_settings set notifications = $1 where user_id = $2', [JSON.stringify({ like: { push: round % 2 === 0, in_app: true } }), id]));
    expect(await messagePush()).toBe(true);
    await a.app.services.settings.update(id, { notifications: { message: { push: false, in_app: true } } });
    await until(async () => !(await messagePush()));
  });

  it('B keeps whether two members are apart (what a notification checks first), and reads it again once A blocks, unblocks or unmatches', async () => {
    const notifications = new NotificationsRepository(b.database.db, { remember: true });
    const one = (await candidate()).user;
    const other = (await candidate()).user;
    const apart = () => notifications.blockedOrUnmatched(one.id, other.id);
    const apartTheOtherWay = () => notifications.blockedOrUnmatched(other.id, one.id);
    // Kept: a block nobody hears (made and taken back unheard) does not reach B's answer.
    await until(async () => {
      const before = [await apart(), await apartTheOtherWay()];
      await unheard('insert into user_blocks (blocker_id, blocked_id, created_at) values ($1, $2, $3)', [one.id, other.id, new Date().toISOString()]);
      const during = [await apart(), await apartTheOtherWay()];
      await unheard('delete from user_blocks where blocker_id = $1 and blocked_id = $2', [one.id, other.id]);
      return JSON.stringify(before) === '[false,false]' && JSON.stringify(during) === '[false,false]';
    }, 10_000);

    // A block through A: apart on B, both ways; taken back: not apart.
    await buildBlock(a.app, other, one);
    await until(async () => (await apart()) && (await apartTheOtherWay()));
    await a.app.services.safety.unblock(other.id, one.id);
    await until(async () => !(await apart()) && !(await apartTheOtherWay()));

    // A match ended through A: apart.
    expect(await apart()).toBe(false);
    await buildMatch(db(), one, other, { unmatchedBy: one });
    await until(async () => (await apart()) && (await apartTheOtherWay()));
  });

  it('B keeps a member\'s push devices, reads them again once A registers one or ends their session, and tells an expired session without any change', async () => {
    const notifications = new NotificationsRepository(b.database.db, { remember: true });
    const member = await candidate();
    const id = member.user.id;
    const now = () => new Date().toISOString();
    const live = async (at = now()) => (await notifications.devicesOf(id, at)).live.map((d) => d.token);
    const register = (token: string) => call(a, member, 'POST', '/user/fcm-token', { fcm_token: token, device_type: 'android' });
    expect((await register('fcm:kept-first')).statusCode).toBe(200);
    await until(async () => (await live()).includes('fcm:kept-first'));
    const sessionId = (await db().selectFrom('push_devices').select('session_id').where('user_id', '=', id).executeTakeFirstOrThrow()).session_id;
    // Kept: a device added where nobody hears it does not reach B.
    let round = 0;
    await until(async () => {
      const before = await live();
      await unheard('insert into push_devices (id, user_id, session_id, token, device_type, created_at, updated_at) values ($1, $2, $3, $4, $5, $6, $6)',
        [`dev_unheard_${++round}`, id, sessionId, `fcm:unheard-${round}`, 'android', now()]);
      return JSON.stringify(await live()) === JSON.stringify(before);
    }, 10_000);

    // A device registered through A: on B.
    expect((await register('fcm:kept-second')).statusCode).toBe(200);
    await until(async () => (await live()).includes('fcm:kept-second'));
    // The session's end, from what B kept, without any change: an hour past its expiry nothing is live.
    const { expires_at: expiresAt } = await db().selectFrom('sessions').select('expires_at').where('id', '=', sessionId).executeTakeFirstOrThrow();
    const later = new Date(Date.parse(String(expiresAt)) + 3_600_000).toISOString();
    expect(await notifications.devicesOf(id, later)).toMatchObject({ live: [], anyEnded: true });
    // The session ended through A (its devices' rows untouched, as a revocation elsewhere leaves them): none is live on B.
    await db().updateTable('sessions').set({ revoked_at: now() }).where('id', '=', sessionId).execute();
    await until(async () => (await live()).length === 0);
    expect((await notifications.devicesOf(id, now())).anyEnded).toBe(true);
  });

  it('a cascade reaches a watched table only from a watched one (a write elsewhere waits for nothing to be heard)', async () => {
    // The driver skips the wait after writes no trigger reports (postgres-row-changes.ts,
    // mayNotify): a delete or key change cascading from an unwatched table would change watched
    // rows unheard. The watched tables are those with the app's triggers.
    const { rows } = await sql<{ child: string; parent: string }>`
      select child.relname as child, parent.relname as parent
        from pg_constraint con
        join pg_class child on child.oid = con.conrelid
        join pg_class parent on parent.oid = con.confrelid
       where con.contype = 'f' and child.relnamespace = current_schema()::regnamespace
         and (con.confdeltype in ('c', 'n', 'd') or con.confupdtype in ('c', 'n', 'd'))`.execute(db());
    const watched = new Set((await sql<{ table: string }>`
      select distinct c.relname as table from pg_trigger t join pg_class c on c.oid = t.tgrelid
       where c.relnamespace = current_schema()::regnamespace and t.tgname like 'linkup_rc_%'`.execute(db())).rows.map((r) => r.table));
    expect(watched).toContain('chat_room_members');
    expect(rows.filter((r) => watched.has(r.child) && !watched.has(r.parent))).toEqual([]);
  });

  it('when the LISTEN connections drop, B forgets what it kept, then listens and keeps again', async () => {
    const member = await candidate({ about: 'Kept by B' });
    const viewer = await makeViewer();
    await until(async () => (await about(b, member, viewer)) === 'Kept by B');
    const before = await listenerPids();
    // What /metrics reports of B's listener (linkup_row_changes_listening, _lost_total).
    const lostBefore = b.database.rowChanges!().losses;
    expect(b.database.rowChanges!().listening).toBe(true);
    await adminPool.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and datname = current_database()', [LISTENER_APPLICATION_NAME]);
    // Nobody hears this change: only forgetting everything on the drop lets B answer it.
    await unheard('update users set about = $1 where id = $2', ['Changed while B was deaf', member.user.id]);
    await until(async () => (await about(b, member, viewer)) === 'Changed while B was deaf');
    // Listening again on new connections, B keeps again (an unheard change is not seen)...
    await until(async () => {
      const now = await listenerPids();
      return now.length === 2 && now.every((pid) => !before.includes(pid));
    }, 10_000);
    let unheardChanges = 0;
    await until(async () => {
      const read = await about(b, member, viewer);
      await unheard('update users set about = $1 where id = $2', [`Unheard ${++unheardChanges}`, member.user.id]);
      return (await about(b, member, viewer)) === read;
    }, 10_000);
    expect(b.database.rowChanges!()).toEqual({ listening: true, losses: lostBefore + 1 });
    // ...and hears A's changes.
    expect((await call(a, member, 'PUT', '/profile', { about: 'Heard again' })).statusCode).toBe(200);
    await until(async () => (await about(b, member, viewer)) === 'Heard again');
  });
});

describe('row changes on PostgreSQL', onlyOn('postgres'), () => {
  it('a write returns only once this process heard its own changes, so its next read is fresh', async () => {
    const database = await createTestDatabase();
    try {
      const heard: string[] = [];
      const kept = new Remembered<string>(10);
      expect(watchRowChanges(database.db, [{ table: 'users', columns: ['about'], report: { id: 'member' } }], (_tag, id) => heard.push(id), [kept])).toBe(true);
      // Nothing is kept until the listener is up.
      await until(() => {
        kept.keep(kept.mark(), 'probe', 'listening');
        return kept.peek('probe') === 'listening';
      }, 10_000);
      const user = await buildUser(database.db);
      for (let i = 1; i <= 5; i++) {
        await database.db.updateTable('users').set({ about: `autocommit ${i}` }).where('id', '=', user.id).execute();
        expect(heard).toHaveLength(2 * i - 1);
        await database.db.transaction().execute((trx) => trx.updateTable('users').set({ about: `transaction ${i}` }).where('id', '=', user.id).execute());
        expect(heard).toHaveLength(2 * i);
      }
      expect(new Set(heard)).toEqual(new Set([user.id]));
    } finally {
      await database.destroy();
    }
  });
});
