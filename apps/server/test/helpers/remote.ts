import sharp from 'sharp';
// Calls over real HTTP, for tests of server processes (helpers/server-process.ts), where
// `app.inject` cannot reach. `from` sets X-Forwarded-For, which a process started with
// TRUST_PROXY=true takes as the client's address (so tests can stand for different clients).

export interface Session { token: string; id: string; email: string; mobile: string }
/** The password every member registered here signs in with. */
export const REMOTE_PASSWORD = 'steady-river-51';

let seq = 0;

/**
 * Registers a new member through the API and returns their session; their number is confirmed
 * with the code the dev outbox holds (issue 27: an unconfirmed number reaches no member), unless
 * `confirmMobile` is false.
 */
export async function register(origin: string, name: string, from?: string, { confirmMobile = true } = {}): Promise<Session> {
  const n = `${Date.now() % 1_000_000}${seq++}`.padStart(7, '0').slice(-7);
  const email = `${name.toLowerCase()}.${n}.${seq}@example.test`;
  const mobile = `+2787${n}`;
  const res = await fetch(`${origin}/api/auth/register`, {
    method: 'POST', headers: { 'content-type': 'application/json', ...(from ? { 'x-forwarded-for': from } : {}) },
    body: JSON.stringify({
      name, email, mobile, password: REMOTE_PASSWORD, password_confirmation: REMOTE_PASSWORD, date_of_birth: '1994-03-03', gender: 'female', terms_accepted: true,
    }),
  });
  const body = (await res.json()) as { data: { token: string; user: { id: string } } };
  if (res.status !== 201) throw new Error(JSON.stringify(body));
  const session = { token: body.data.token, id: body.data.user.id, email, mobile };
  if (confirmMobile) await confirmNumber(origin, session, from);
  return session;
}

/** Confirms the member's number with the code sent at registration, read from the dev outbox. */
async function confirmNumber(origin: string, member: Session, from?: string): Promise<void> {
  const outbox = await fetch(`${origin}/api/dev/outbox?to=${encodeURIComponent(member.mobile)}`);
  const [message] = ((await outbox.json()) as { data: { code: string | null }[] }).data;
  if (!message?.code) throw new Error(`no code in the outbox for ${member.mobile}`);
  const { status, data } = await api(origin, member.token, 'POST', '/account/mobile/confirm', { otp: message.code }, from);
  if (status !== 200) throw new Error(`confirming the number: ${status} ${JSON.stringify(data)}`);
}

/**
 * Registers a member and finishes their onboarding through the API (a photo, gender and what they
 * look for, preferences, a city): likes and messages are refused before that (409 onboarding_required).
 */
export async function registerOnboarded(origin: string, name: string, from?: string): Promise<Session> {
  const member = await register(origin, name, from);
  const form = new FormData();
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#d63384' } }).png().toBuffer();
  form.append('photo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
  const upload = await fetch(`${origin}/api/profile/photos`, {
    method: 'POST', headers: { authorization: `Bearer ${member.token}`, ...(from ? { 'x-forwarded-for': from } : {}) }, body: form,
  });
  if (!upload.ok) throw new Error(`photo upload: ${upload.status} ${await upload.text()}`);
  const steps: [string, string, object | undefined][] = [
    ['PUT', '/profile', { gender: 'female', relationship_type: 'long_term' }],
    ['PUT', '/preferences', { genders: ['male', 'female', 'non_binary'], age_min: 18, age_max: 99, max_distance_km: null }],
    ['POST', '/preferences/location', { city: 'Cape Town', province: 'Western Cape' }],
    ['POST', '/onboarding/complete', undefined],
  ];
  for (const [method, url, payload] of steps) {
    const { status, data } = await api(origin, member.token, method, url, payload, from);
    if (status >= 300) throw new Error(`${method} ${url}: ${status} ${JSON.stringify(data)}`);
  }
  return member;
}

/** One API call (path under /api) with the member's token; its status, `data` and, for a failure, its `code`. */
export async function api<T>(
  origin: string, token: string | null, method: string, url: string, payload?: object, from?: string,
): Promise<{ status: number; data: T; code?: string }> {
  const res = await fetch(`${origin}/api${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(payload ? { 'content-type': 'application/json' } : {}),
      ...(from ? { 'x-forwarded-for': from } : {}),
    },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const body = (await res.json()) as { data: T; code?: string };
  return { status: res.status, data: body.data, ...(body.code ? { code: body.code } : {}) };
}

/**
 * The two members like each other (a match): they write to each other directly, never as a
 * message request (issue 29).
 */
export async function matchOverApi(origin: string, a: Session, b: Session): Promise<void> {
  for (const [from, to] of [[a, b], [b, a]] as const) {
    const { status, data } = await api(origin, from.token, 'POST', `/matches/${to.id}/like`, {});
    if (status >= 300) throw new Error(`like ${to.id}: ${status} ${JSON.stringify(data)}`);
  }
}

/** A random client address in 10/8, for tests that must not share a per-address limit. */
export const randomIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
