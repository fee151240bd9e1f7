import { afterEach, describe, expect, it } from 'vitest';
import { NATIVE_APP } from '@linkup/contract';
import { buildTestApp, type TestApp } from './helpers/app';

const FINGERPRINT = '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5';
const TEAM = 'ABCDE12345';

describe('app links (/.well-known)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('serves assetlinks.json as JSON for the app id and the configured certificates', async () => {
    t = await buildTestApp({ ANDROID_CERT_FINGERPRINTS: `${FINGERPRINT.toLowerCase()}, ${FINGERPRINT.replace('14', '15')}` });
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/assetlinks.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.json()).toEqual([{
      relation: ['delegate_permission/common.handle_all_urls'],
      target: { namespace: 'android_app', package_name: NATIVE_APP.appId, sha256_cert_fingerprints: [FINGERPRINT, FINGERPRINT.replace('14', '15')] },
    }]);
  });

  it('serves apple-app-site-association as JSON (no extension, no redirect) for the team’s app and its paths', async () => {
    t = await buildTestApp({ APPLE_TEAM_ID: TEAM });
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/apple-app-site-association' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.json()).toEqual({
      applinks: {
        details: [{
          appIDs: [`${TEAM}.${NATIVE_APP.appId}`],
          components: [{ '/': '/app/*' }, { '/': '/auth/*' }, { '/': '/onboarding/*' }],
        }],
      },
    });
  });

  it('answers 404 for a file whose setting is missing, without a session', async () => {
    t = await buildTestApp();
    for (const url of ['/.well-known/assetlinks.json', '/.well-known/apple-app-site-association']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ success: false, status: 404 });
    }
  });

  it('refuses to start with a malformed fingerprint or team id', async () => {
    await expect(buildTestApp({ ANDROID_CERT_FINGERPRINTS: 'AB:CD' })).rejects.toThrow(/ANDROID_CERT_FINGERPRINTS/);
    await expect(buildTestApp({ APPLE_TEAM_ID: 'team' })).rejects.toThrow(/APPLE_TEAM_ID/);
  });
});
