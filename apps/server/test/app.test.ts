import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiErrorSchema, ERROR_CODE_STATUS, HealthSchema, SERVER_PATH_PREFIXES } from '@linkup/contract';
import { SteppingClock, buildTestApp, type TestApp } from './helpers/app';

const expectApiError = (body: unknown, status: number) => {
  const parsed = ApiErrorSchema.parse(body);
  expect(parsed.status).toBe(status);
  // Every error carries a stable code of the contract's catalogue, one that belongs to its status.
  expect(ERROR_CODE_STATUS[parsed.code]).toBe(status);
  expect(Number.isNaN(Date.parse(parsed.timestamp))).toBe(false);
  return parsed;
};

describe('core HTTP behaviour', () => {
  // Rows made one after another get distinct times from the clock, not from sleeping.
  const clock = new SteppingClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({}, { clock });
  });
  afterAll(async () => t.close());

  it('GET /api/health reports the database and that Redis is not configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    const health = HealthSchema.parse(body.data);
    expect(health.status).toBe('ok');
    expect(health.checks.database).toEqual({ status: 'up', dialect: t.database.dialect });
    expect(health.checks.redis.status).toBe('not_configured');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown /api paths with a 404 API error object', async () => {
    for (const url of ['/api/nope', '/api/auth/unknown/deeper', '/api']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(expectApiError(res.json(), 404)).toMatchObject({ code: 'not_found', message: 'Resource not found.' });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nope', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('turns validation failures into 422 with field errors', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'not-an-email', password: '' } });
    expect(res.statusCode).toBe(422);
    const error = expectApiError(res.json(), 422);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe('Validation failed. Please check your input.');
    expect(error.errors?.email?.[0]).toMatch(/e-mail/);
    expect(error.errors?.password).toBeDefined();
  });

  it.each([
    ['malformed JSON', '{"email":', 'application/json', 400],
    ['an empty JSON body', '', 'application/json', 400],
    ['an unsupported content type', 'email=a', 'application/x-www-form-urlencoded', 415],
    ['a JSON array instead of an object', '[1,2]', 'application/json', 422],
    ['a JSON null', 'null', 'application/json', 422],
  ])('never answers 5xx to %s', async (_name, payload, contentType, status) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers: { 'content-type': contentType } });
    expect(res.statusCode).toBe(status);
    expectApiError(res.json(), status);
  });

  it('refuses an oversized body with 413 and a clear message', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2_000_000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(expectApiError(res.json(), 413).message).toMatch(/too large/);
  });

  it('gives every response a request id and echoes a well-formed incoming one', async () => {
    const fresh = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(fresh.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'client-req-12345' } });
    expect(echoed.headers['x-request-id']).toBe('client-req-12345');
    const refused = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'bad id <script>' } });
    expect(refused.headers['x-request-id']).not.toBe('bad id <script>');
  });

  it('sends security headers with a CSP and CORS for configured origins only', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'http://localhost:8080' } });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:8080');
    const foreign = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/auth/login', '/api/auth/user']));
  });

  it('compresses answers above 1 KB as the client accepts (brotli, else gzip), and not smaller ones', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const br = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const gz = await t.app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('lists the dev outbox newest first, filtered by normalised recipient', async () => {
    const { outbox } = t.app.deps;
    await outbox!.add({ channel: 'whatsapp', to: '+27821112233', body: '123456 is your code', code: '123456' });
    clock.step();
    await outbox!.add({ channel: 'whatsapp', to: '+27821112233', body: '654321 is your code', code: '654321' });
    await outbox!.add({ channel: 'email', to: 'someone@example.test', subject: 'Verify', body: 'Open', link: 'http://x/verify?token=abc' });

    const res = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=082 111 2233' });
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.map((m: { code: string }) => m.code)).toEqual(['654321', '123456']);
    expect(data[0]).toMatchObject({ channel: 'whatsapp', to: '+27821112233', subject: null, link: null });

    const mail = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=SomeOne@Example.test' })).json().data;
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'email', subject: 'Verify', link: 'http://x/verify?token=abc', code: null });

    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox?to=%2B27821112233' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('654321');
    expect(page.body).not.toContain('someone@example.test');
  });

  it('serves the dev outbox only to callers on this machine, whatever they forward (issue #12 item 9)', async () => {
    await t.app.deps.outbox!.add({ channel: 'whatsapp', to: '+27821119999', body: '424242 is your code', code: '424242' });
    for (const url of ['/api/dev/outbox?to=%2B27821119999', '/dev/outbox?to=%2B27821119999']) {
      for (const remoteAddress of ['192.168.1.20', '10.0.0.2', '::ffff:172.16.0.9']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress, headers: { 'x-forwarded-for': '127.0.0.1' } });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(404);
        expect(res.body).not.toContain('424242');
      }
      for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await t.app.inject({ method: 'GET', url, remoteAddress });
        expect(res.statusCode, `${url} from ${remoteAddress}`).toBe(200);
        expect(res.body).toContain('424242');
      }
    }
  });

  it('escapes what the dev outbox page shows', async () => {
    await t.app.deps.outbox!.add({ channel: 'email', to: 'xss@example.test', subject: '<script>alert(1)</script>', body: '<b>hi</b>' });
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox?to=xss@example.test' });
    expect(page.body).not.toContain('<script>alert(1)</script>');
    expect(page.body).toContain('&lt;script&gt;');
  });
});

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    // As large as a real one (about 6 KB), so the server compresses what it builds from it.
    fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><head><title>LinkUp</title><meta name="description" content="${'LinkUp '.repeat(300)}"></head><div id="root"></div>`);
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // What the build lists for a first visit of each page (apps/web/vite-plugins/page-group-files.ts);
    // the last two are not what a build names its files, and must not reach a page.
    fs.writeFileSync(path.join(dist, 'first-load.json'), JSON.stringify({
      'app.dashboard': ['/assets/home-abc.js', '/assets/shell-def.js', '/assets/home-abc.css', '/assets/x"><script>alert(1)</script>.js', 'https://elsewhere.test/a.js'],
      'auth.login': ['/assets/auth-ghi.js'],
    }));
    // What the build writes beside each file (apps/web/vite-plugins/precompress.ts).
    fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(fs.readFileSync(path.join(dist, 'index.html'))));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync('console.log(1)'));
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
    fs.mkdirSync(path.join(dist, 'images'));
    fs.writeFileSync(path.join(dist, 'images', 'logo.png'), 'png');
    t = await buildTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it.each(['/', '/app/dashboard', '/auth/login', '/app/user/abc123', '/some/unknown/path?x=1'])(
    'answers %s with index.html (SPA fallback), never cached',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  it('preloads, with a page\'s HTML, the files a first visit to that page needs (issue #18)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/app/dashboard/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<link rel="modulepreload" crossorigin href="/assets/home-abc.js"><link rel="modulepreload" crossorigin href="/assets/shell-def.js"><link rel="preload" as="style" crossorigin href="/assets/home-abc.css"></head>');
    expect(page.body).not.toContain('alert(1)');
    expect(page.body).not.toContain('elsewhere.test');
    expect(page.body.match(/rel="(modulepreload|preload)"/g)).toHaveLength(3);

    const login = await t.app.inject({ method: 'GET', url: '/auth/login?redirect=%2Fapp%2Fmatches' });
    expect(login.body).toContain('<link rel="modulepreload" crossorigin href="/assets/auth-ghi.js"></head>');
    expect(login.body).not.toContain('home-abc');
    // A page the list does not name is the build's index.html as it is.
    const other = await t.app.inject({ method: 'GET', url: '/app/feed' });
    expect(other.body).toBe(fs.readFileSync(path.join(dist, 'index.html'), 'utf8'));

    // The same page again is revalidated by its ETag, and compressed like the rest.
    const etag = page.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    const again = await t.app.inject({ method: 'GET', url: '/app/dashboard', headers: { 'if-none-match': `W/${etag}` } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await t.app.inject({ method: 'GET', url: '/app/dashboard', headers: { 'if-none-match': '"older"' } });
    expect(changed.statusCode).toBe(200);
    const br = await t.app.inject({ method: 'GET', url: '/app/dashboard', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/i);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(page.body);
    const gz = await t.app.inject({ method: 'GET', url: '/app/dashboard', headers: { 'accept-encoding': 'br;q=0, gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(page.body);
    expect(page.headers['content-encoding']).toBeUndefined();
  });

  it('caches hashed assets for a year and other files for an hour', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const logo = await t.app.inject({ method: 'GET', url: '/images/logo.png' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the build\'s precompressed files to clients that accept them, with the same caching', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');

    const gz = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');

    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');

    const page = await t.app.inject({ method: 'GET', url: '/app/feed', headers: { 'accept-encoding': 'br' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(page.rawPayload).toString()).toContain('<div id="root">');
  });

  it('keeps the server\'s own paths (the contract\'s SERVER_PATH_PREFIXES) and /assets out of the fallback', async () => {
    const unknown = [...SERVER_PATH_PREFIXES.map((prefix) => `/${prefix}/unknown`), '/api', '/media/nothing-here.webp', '/assets/index-from-an-older-build.js'];
    for (const url of unknown) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json().success).toBe(false);
    }
    const post = await t.app.inject({ method: 'POST', url: '/app/dashboard' });
    expect(post.statusCode).toBe(404);
  });
});

describe('production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ NODE_ENV: 'production', APP_SECRET: 'test-secret-'.repeat(4) });
  });
  afterAll(async () => t.close());

  it('has no dev outbox at all', async () => {
    expect(t.app.deps.outbox).toBeNull();
    const api = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=x' });
    expect(api.statusCode).toBe(404);
    const page = await t.app.inject({ method: 'GET', url: '/dev/outbox' });
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('Dev outbox');
  });

  it('refuses to send WhatsApp or e-mail without delivery settings instead of pretending', async () => {
    await expect(t.app.deps.whatsapp.sendCode('+27821234567', '123456')).rejects.toMatchObject({ status: 503 });
    await expect(t.app.deps.mail.send({ to: 'a@b.co', subject: 's', text: 't' })).rejects.toMatchObject({ status: 503 });
  });
});
