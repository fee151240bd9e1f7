// The committed Android and iOS projects say what the app is: the id and name of the contract, the
// custom scheme deep links use (spec §2), the https host whose links open the app, and the AdMob
// app id. Read from the real files as the platforms read them (XML, property lists).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { APP_NAME, NATIVE_APP } from '../packages/contract/src/index.ts';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web');
const read = (file) => fs.readFileSync(path.join(web, file), 'utf8');
const { DOMParser } = new JSDOM('').window;
const xml = (file) => {
  const doc = new DOMParser().parseFromString(read(file), 'application/xml');
  expect(doc.getElementsByTagName('parsererror'), `${file} is well-formed XML`).toHaveLength(0);
  return doc;
};
const ANDROID = 'http://schemas.android.com/apk/res/android';
const attr = (element, name) => element.getAttributeNS(ANDROID, name);

/** A property list as plain values (dict, array, string, true/false, integer). */
function plistValue(node) {
  switch (node.tagName) {
    case 'dict': {
      const out = {};
      const children = [...node.children];
      for (let i = 0; i < children.length; i += 2) out[children[i].textContent] = plistValue(children[i + 1]);
      return out;
    }
    case 'array':
      return [...node.children].map(plistValue);
    case 'true':
      return true;
    case 'false':
      return false;
    case 'integer':
      return Number(node.textContent);
    default:
      return node.textContent;
  }
}
const plist = (file) => plistValue(xml(file).documentElement.firstElementChild);

/** The App target's build settings in the Xcode project (Debug and Release). */
function xcodeSettings(name) {
  const project = read('ios/App/App.xcodeproj/project.pbxproj');
  return [...project.matchAll(new RegExp(`^\\s*${name} = ("?)(.*?)\\1;$`, 'gm'))].map((m) => m[2]);
}

describe('Android project', () => {
  const manifest = xml('android/app/src/main/AndroidManifest.xml');
  const strings = Object.fromEntries(
    [...xml('android/app/src/main/res/values/strings.xml').getElementsByTagName('string')].map((s) => [s.getAttribute('name'), s.textContent]),
  );
  const gradle = read('android/app/build.gradle');
  const activity = [...manifest.getElementsByTagName('activity')].find((a) => attr(a, 'name') === '.MainActivity');
  const filters = [...activity.getElementsByTagName('intent-filter')].map((filter) => ({
    actions: [...filter.getElementsByTagName('action')].map((a) => attr(a, 'name')),
    categories: [...filter.getElementsByTagName('category')].map((c) => attr(c, 'name')),
    data: [...filter.getElementsByTagName('data')].map((d) => ({ scheme: attr(d, 'scheme'), host: attr(d, 'host'), pathPrefix: attr(d, 'pathPrefix') })),
    autoVerify: attr(filter, 'autoVerify') === 'true',
  }));
  const resolve = (value) => (value?.startsWith('@string/') ? strings[value.slice('@string/'.length)] : value);
  const viewFilters = filters.filter((f) => f.actions.includes('android.intent.action.VIEW'));

  it('has the contract’s app id and name', () => {
    expect(gradle).toMatch(new RegExp(`applicationId "${NATIVE_APP.appId}"`));
    expect(gradle).toMatch(new RegExp(`namespace "${NATIVE_APP.appId}"`));
    expect(strings.app_name).toBe(APP_NAME);
    expect(strings.package_name).toBe(NATIVE_APP.appId);
  });

  it('opens linkup:// links from anywhere (browsable view intent with the custom scheme)', () => {
    const custom = viewFilters.filter((f) => f.data.some((d) => resolve(d.scheme) === NATIVE_APP.scheme));
    expect(custom).toHaveLength(1);
    expect(custom[0].categories).toEqual(expect.arrayContaining(['android.intent.category.DEFAULT', 'android.intent.category.BROWSABLE']));
    expect(custom[0].data.every((d) => !d.host)).toBe(true);
  });

  it('opens https links to the app’s host as verified App Links', () => {
    const appLinks = viewFilters.filter((f) => f.data.some((d) => d.scheme === 'https'));
    expect(appLinks).toHaveLength(1);
    expect(appLinks[0].autoVerify).toBe(true);
    expect(appLinks[0].categories).toEqual(expect.arrayContaining(['android.intent.category.DEFAULT', 'android.intent.category.BROWSABLE']));
    expect(appLinks[0].data.map((d) => d.host).filter(Boolean)).toEqual(['${appLinksHost}']);
    // The same pages the server's apple-app-site-association names; API and media links stay in the browser.
    expect(appLinks[0].data.map((d) => d.pathPrefix).filter(Boolean)).toEqual([...NATIVE_APP.linkPathPrefixes]);
    expect(gradle).toContain(`findProperty('LINKUP_HOST') ?: '${NATIVE_APP.linkHost}'`);
    expect(gradle).toMatch(/manifestPlaceholders = \[appLinksHost: linkupHost, admobAppId: admobAppId\]/);
  });

  it('reopens the running app for a link instead of stacking a second one', () => {
    expect(attr(activity, 'launchMode')).toBe('singleTask');
    expect(attr(activity, 'windowSoftInputMode')).toBe('adjustResize');
  });

  it('declares the AdMob app id (Google’s test app by default) and the notification permission', () => {
    const meta = [...manifest.getElementsByTagName('meta-data')].find((m) => attr(m, 'name') === 'com.google.android.gms.ads.APPLICATION_ID');
    expect(attr(meta, 'value')).toBe('${admobAppId}');
    expect(gradle).toContain("findProperty('ADMOB_APP_ID') ?: 'ca-app-pub-3940256099942544~3347511713'");
    const permissions = [...manifest.getElementsByTagName('uses-permission')].map((p) => attr(p, 'name'));
    expect(permissions).toEqual(expect.arrayContaining(['android.permission.INTERNET', 'android.permission.POST_NOTIFICATIONS']));
  });
});

describe('iOS project', () => {
  const info = plist('ios/App/App/Info.plist');
  const entitlements = plist('ios/App/App/App.entitlements');

  it('has the contract’s bundle id and name', () => {
    expect(info.CFBundleDisplayName).toBe(APP_NAME);
    expect(info.CFBundleIdentifier).toBe('$(PRODUCT_BUNDLE_IDENTIFIER)');
    expect(xcodeSettings('PRODUCT_BUNDLE_IDENTIFIER')).toEqual([NATIVE_APP.appId, NATIVE_APP.appId]);
  });

  it('registers the custom scheme for deep links', () => {
    expect(info.CFBundleURLTypes).toEqual([{ CFBundleURLName: NATIVE_APP.appId, CFBundleURLSchemes: [NATIVE_APP.scheme] }]);
  });

  it('claims the app’s host for Universal Links through the associated domains entitlement', () => {
    expect(entitlements['com.apple.developer.associated-domains']).toEqual(['applinks:$(LINKUP_HOST)']);
    expect(xcodeSettings('LINKUP_HOST')).toEqual([NATIVE_APP.linkHost, NATIVE_APP.linkHost]);
    expect(xcodeSettings('CODE_SIGN_ENTITLEMENTS')).toEqual(['App/App.entitlements', 'App/App.entitlements']);
  });

  it('can receive pushes and declares the AdMob app id with the tracking explanation', () => {
    expect(entitlements['aps-environment']).toBe('development');
    expect(info.UIBackgroundModes).toContain('remote-notification');
    expect(info.GADApplicationIdentifier).toBe('$(ADMOB_APP_ID)');
    expect(xcodeSettings('ADMOB_APP_ID')).toEqual(['ca-app-pub-3940256099942544~1458002511', 'ca-app-pub-3940256099942544~1458002511']);
    expect(info.NSUserTrackingUsageDescription).toMatch(/ads/);
    expect(info.SKAdNetworkItems).toContainEqual({ SKAdNetworkIdentifier: 'cstr6suwn9.skadnetwork' });
  });
});
