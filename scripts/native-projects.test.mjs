// The committed Android and iOS projects say what the app is: the id and name of the contract, the
// custom scheme deep links use (spec §2), the https host whose links open the app, and the AdMob
// app id; the permissions and purpose strings the pages' camera, photo and location inputs need;
// the iOS privacy manifest; what Android backups may copy. Read from the real files as the
// platforms read them (XML, property lists).
import { spawnSync } from 'node:child_process';
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
    expect(gradle).toContain(`setting('LINKUP_HOST') ?: '${NATIVE_APP.linkHost}'`);
    expect(gradle).toMatch(/manifestPlaceholders = \[appLinksHost: linkupHost, admobAppId: admobAppId\]/);
  });

  it('reopens the running app for a link instead of stacking a second one', () => {
    expect(attr(activity, 'launchMode')).toBe('singleTask');
    expect(attr(activity, 'windowSoftInputMode')).toBe('adjustResize');
  });

  it('may ask for the location "Use my current location" needs (the web view asks for both)', () => {
    const permissions = [...manifest.getElementsByTagName('uses-permission')].map((p) => attr(p, 'name'));
    expect(permissions).toEqual(expect.arrayContaining(['android.permission.ACCESS_COARSE_LOCATION', 'android.permission.ACCESS_FINE_LOCATION']));
  });

  it('may ask for the camera the verification selfie needs, without requiring one to install (issue 31)', () => {
    const permissions = [...manifest.getElementsByTagName('uses-permission')].map((p) => attr(p, 'name'));
    expect(permissions).toContain('android.permission.CAMERA');
    const features = Object.fromEntries([...manifest.getElementsByTagName('uses-feature')].map((f) => [attr(f, 'name'), attr(f, 'required')]));
    expect(features).toMatchObject({ 'android.hardware.camera': 'false', 'android.hardware.camera.front': 'false' });
  });

  it('keeps the web view’s storage (the session token) and Firebase’s registration out of backups and device transfers', () => {
    const application = manifest.getElementsByTagName('application')[0];
    // A backup with no rules copies everything, app_webview/ (localStorage) included, to the next device.
    expect(attr(application, 'allowBackup')).toBe('true');
    expect(attr(application, 'dataExtractionRules')).toBe('@xml/data_extraction_rules');
    expect(attr(application, 'fullBackupContent')).toBe('@xml/backup_rules');
    const excluded = (element) =>
      [...element.getElementsByTagName('exclude')].map((e) => `${e.getAttribute('domain')}:${e.getAttribute('path')}`);
    const mustExclude = ['root:app_webview/', 'sharedpref:com.google.android.gms.appid.xml'];

    const extraction = xml('android/app/src/main/res/xml/data_extraction_rules.xml').documentElement;
    expect(extraction.tagName).toBe('data-extraction-rules');
    for (const kind of ['cloud-backup', 'device-transfer']) {
      const sections = extraction.getElementsByTagName(kind);
      expect(sections, kind).toHaveLength(1);
      expect(excluded(sections[0]), kind).toEqual(expect.arrayContaining(mustExclude));
      expect(sections[0].getElementsByTagName('include'), `${kind} includes nothing back`).toHaveLength(0);
    }
    const legacy = xml('android/app/src/main/res/xml/backup_rules.xml').documentElement;
    expect(legacy.tagName).toBe('full-backup-content');
    expect(excluded(legacy)).toEqual(expect.arrayContaining(mustExclude));
    expect(legacy.getElementsByTagName('include')).toHaveLength(0);
  });

  it('gives pushes a monochrome small icon and the contract’s named channel by default (issue 34 item 12)', () => {
    const meta = (name) => [...manifest.getElementsByTagName('meta-data')].find((m) => attr(m, 'name') === `com.google.firebase.messaging.${name}`);
    expect(resolve(attr(meta('default_notification_channel_id'), 'value'))).toBe(NATIVE_APP.pushChannel.id);
    expect(attr(meta('default_notification_icon'), 'resource')).toBe('@drawable/ic_stat_linkup');
    // Android draws a small icon from its alpha alone: every path is plain white, no gradients or images.
    const icon = xml('android/app/src/main/res/drawable/ic_stat_linkup.xml').documentElement;
    expect(icon.tagName).toBe('vector');
    const paths = [...icon.getElementsByTagName('path')];
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(attr(p, 'fillColor')).toMatch(/^#(FF)?FFFFFF$/i);
    expect(icon.getElementsByTagName('gradient')).toHaveLength(0);
  });

  it('declares the AdMob app id (Google’s test app by default) and the notification permission', () => {
    const meta = [...manifest.getElementsByTagName('meta-data')].find((m) => attr(m, 'name') === 'com.google.android.gms.ads.APPLICATION_ID');
    expect(attr(meta, 'value')).toBe('${admobAppId}');
    expect(gradle).toContain("setting('ADMOB_APP_ID') ?: 'ca-app-pub-3940256099942544~3347511713'");
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

describe('iOS permissions and privacy', () => {
  const info = plist('ios/App/App/Info.plist');
  const manifest = plist('ios/App/App/PrivacyInfo.xcprivacy');
  const project = read('ios/App/App.xcodeproj/project.pbxproj');

  it('explains the camera, the photo library and the location before iOS asks (without them "Take Photo" crashes)', () => {
    for (const key of ['NSCameraUsageDescription', 'NSPhotoLibraryUsageDescription', 'NSLocationWhenInUseUsageDescription']) {
      expect(typeof info[key], key).toBe('string');
      expect(info[key].length, key).toBeGreaterThan(20);
      expect(info[key], key).toMatch(new RegExp(APP_NAME));
    }
  });

  it('has a privacy manifest with UserDefaults’ reason, tracking through ads, and the data LinkUp collects', () => {
    expect(manifest.NSPrivacyAccessedAPITypes).toContainEqual({
      NSPrivacyAccessedAPIType: 'NSPrivacyAccessedAPICategoryUserDefaults', NSPrivacyAccessedAPITypeReasons: ['CA92.1'],
    });
    // The app asks the tracking question for AdMob, so it says it tracks.
    expect(info.NSUserTrackingUsageDescription).toBeTruthy();
    expect(manifest.NSPrivacyTracking).toBe(true);
    expect(manifest.NSPrivacyTrackingDomains).toEqual([]);

    const collected = Object.fromEntries(manifest.NSPrivacyCollectedDataTypes.map((entry) => [entry.NSPrivacyCollectedDataType.replace('NSPrivacyCollectedDataType', ''), entry]));
    expect(Object.keys(collected)).toEqual(expect.arrayContaining([
      'Name', 'EmailAddress', 'PhoneNumber', 'CoarseLocation', 'SensitiveInfo', 'PhotosorVideos', 'EmailsOrTextMessages',
      'OtherUserContent', 'CustomerSupport', 'UserID', 'DeviceID', 'ProductInteraction', 'PurchaseHistory', 'OtherDataTypes',
    ]));
    expect(collected.PreciseLocation, 'the server keeps a city and a ~5 km cell, never the exact position').toBeUndefined();
    for (const [type, entry] of Object.entries(collected)) {
      expect(entry.NSPrivacyCollectedDataTypeLinked, type).toBe(true);
      expect(entry.NSPrivacyCollectedDataTypePurposes.length, type).toBeGreaterThan(0);
      for (const purpose of entry.NSPrivacyCollectedDataTypePurposes) expect(purpose, type).toMatch(/^NSPrivacyCollectedDataTypePurpose(AppFunctionality|ThirdPartyAdvertising|DeveloperAdvertising|Analytics|ProductPersonalization|Other)$/);
      // Only the advertising id (AdMob) is used for tracking.
      expect(entry.NSPrivacyCollectedDataTypeTracking, type).toBe(type === 'DeviceID');
    }
    expect(collected.DeviceID.NSPrivacyCollectedDataTypePurposes).toContain('NSPrivacyCollectedDataTypePurposeThirdPartyAdvertising');
  });

  it('copies the privacy manifest into the app: file reference, App group, build file, Resources phase', () => {
    const ids = [...project.matchAll(/^\t\t([0-9A-F]{24}) (?:\/\*.*?\*\/ )?= \{/gm)].map((m) => m[1]);
    expect(new Set(ids).size, 'every object id is defined once').toBe(ids.length);

    const ref = /^\t\t([0-9A-F]{24}) \/\* PrivacyInfo\.xcprivacy \*\/ = \{isa = PBXFileReference; lastKnownFileType = text\.xml; path = PrivacyInfo\.xcprivacy; sourceTree = "<group>"; \};$/m.exec(project)?.[1];
    expect(ref, 'PBXFileReference').toBeDefined();
    const buildFile = new RegExp(`^\\t\\t([0-9A-F]{24}) /\\* PrivacyInfo\\.xcprivacy in Resources \\*/ = \\{isa = PBXBuildFile; fileRef = ${ref} `, 'm').exec(project)?.[1];
    expect(buildFile, 'PBXBuildFile').toBeDefined();

    const block = (name) => new RegExp(`\\/\\* ${name} \\*\\/ = \\{\\n\\t+isa = (\\w+);[\\s\\S]*?\\n\\t\\t\\};`).exec(project)?.[0] ?? '';
    const appGroup = block('App');
    expect(appGroup).toMatch(/isa = PBXGroup;/);
    expect(appGroup).toMatch(/path = App;/);
    expect(appGroup).toContain(`${ref} /* PrivacyInfo.xcprivacy */,`);
    const resources = block('Resources');
    expect(resources).toMatch(/isa = PBXResourcesBuildPhase;/);
    expect(resources).toContain(`${buildFile} /* PrivacyInfo.xcprivacy in Resources */,`);
    expect(fs.existsSync(path.join(web, 'ios/App/App/PrivacyInfo.xcprivacy'))).toBe(true);
  });
});

/** Symbols of Apple's required-reason APIs, by the manifest category that must declare them. */
const REQUIRED_REASON_APIS = {
  NSPrivacyAccessedAPICategoryUserDefaults: /\b(NS)?UserDefaults\b/,
  NSPrivacyAccessedAPICategoryFileTimestamp: /\b(creationDate|modificationDate|fileModificationDate|contentModificationDateKey|creationDateKey|getattrlist|fstat|lstat)\b/,
  NSPrivacyAccessedAPICategorySystemBootTime: /\b(systemUptime|mach_absolute_time)\b/,
  NSPrivacyAccessedAPICategoryDiskSpace: /\b(volumeAvailableCapacity\w*|systemFreeSize|systemSize|statfs)\b/,
  NSPrivacyAccessedAPICategoryActiveKeyboards: /\bactiveInputModes\b/,
};

describe('native plugins', () => {
  const pkg = JSON.parse(read('package.json'));
  const plugins = Object.keys(pkg.dependencies).filter((name) => /^@(capacitor(-community)?|capgo)\//.test(name) && name !== '@capacitor/core');
  const sourceFiles = (dir) => fs.readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

  it('are each imported by the app, or configured in capacitor.config.ts (a plugin nobody uses is only more to declare)', () => {
    const source = sourceFiles(path.join(web, 'src'))
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('\n');
    const config = read('capacitor.config.ts');
    // Plugins the app only configures: they act natively without being called.
    const configuredOnly = { '@capacitor/keyboard': 'Keyboard' };
    for (const name of plugins) {
      const used = source.includes(`from '${name}'`) || (configuredOnly[name] && new RegExp(`\\b${configuredOnly[name]}: \\{`).test(config));
      expect(used, `${name} is used`).toBe(true);
    }
    expect(plugins).not.toContain('@capacitor/browser');
    expect(plugins).not.toContain('@capacitor/preferences');
  });

  it('use no required-reason API that the app’s privacy manifest leaves undeclared (ITMS-91053)', () => {
    const declared = new Set(plist('ios/App/App/PrivacyInfo.xcprivacy').NSPrivacyAccessedAPITypes.map((entry) => entry.NSPrivacyAccessedAPIType));
    const pods = [...read('ios/App/Podfile').matchAll(/pod '(\w+)', :path => '\.\.\/\.\.\/\.\.\/\.\.\/node_modules\/([^']+)'/g)];
    expect(pods.length).toBeGreaterThan(0);
    for (const [, pod, dir] of pods) {
      const root = path.join(web, '../../node_modules', dir);
      // Capacitor's own pods carry their own manifest (Capacitor.podspec's resources).
      if (['Capacitor', 'CapacitorCordova'].includes(pod)) continue;
      const ios = sourceFiles(root).filter((file) => /[\\/]ios[\\/].*\.(swift|m|mm|h)$/.test(file));
      for (const file of ios) {
        const code = fs.readFileSync(file, 'utf8').replace(/\/\/.*$/gm, '');
        for (const [category, symbols] of Object.entries(REQUIRED_REASON_APIS)) {
          if (symbols.test(code)) expect(declared, `${pod} (${path.relative(root, file)}) uses ${category}`).toContain(category);
        }
      }
    }
  });
});

describe('release plumbing (issue 34 item 14)', () => {
  const gradle = read('android/app/build.gradle');
  const info = plist('ios/App/App/Info.plist');

  it('takes Android’s versionCode and versionName from the build (Play refuses a second upload of versionCode 1)', () => {
    expect(gradle).toMatch(/versionCode linkupVersionCode\.toInteger\(\)/);
    expect(gradle).toMatch(/versionName linkupVersionName/);
    expect(gradle).toContain("setting('LINKUP_VERSION_CODE')");
    expect(gradle).toContain("setting('LINKUP_VERSION_NAME')");
    expect(gradle, 'a -P property or the environment').toContain('project.findProperty(name) ?: System.getenv(name)');
    expect(gradle).not.toMatch(/versionCode \d/);
  });

  it('signs a release from keystore.properties or from LINKUP_KEYSTORE_* in the environment', () => {
    for (const name of ['LINKUP_KEYSTORE_FILE', 'LINKUP_KEYSTORE_PASSWORD', 'LINKUP_KEY_ALIAS', 'LINKUP_KEY_PASSWORD']) expect(gradle).toContain(`setting('${name}')`);
    expect(gradle).toMatch(/signingConfig signingConfigs\.release/);
  });

  it('keeps keystores and their passwords out of git anywhere in the repository', () => {
    const root = path.join(web, '../..');
    for (const file of ['linkup.jks', 'apps/web/linkup.jks', 'apps/web/android/release.keystore', 'apps/web/android/keystore.properties', 'keystore.properties']) {
      expect(spawnSync('git', ['check-ignore', '-q', file], { cwd: root }).status, file).toBe(0);
    }
  });

  it('gives a signing example in docs/mobile.md that Java reads as meant (no comments after values)', () => {
    const doc = fs.readFileSync(path.join(web, '../../docs/mobile.md'), 'utf8');
    const example = /```properties\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    const entries = example.split('\n').filter((line) => line.trim() && !/^\s*[#!]/.test(line));
    expect(entries.map((line) => line.split('=')[0].trim())).toEqual(['storeFile', 'storePassword', 'keyAlias', 'keyPassword']);
    for (const line of entries) expect(line, 'a property value runs to the end of its line').not.toMatch(/\s#/);
  });

  it('takes the iOS version and build number from the build settings (xcodebuild … CURRENT_PROJECT_VERSION=42)', () => {
    expect(info.CFBundleVersion).toBe('$(CURRENT_PROJECT_VERSION)');
    expect(info.CFBundleShortVersionString).toBe('$(MARKETING_VERSION)');
  });

  it('is an iPhone app in portrait only (as the web manifest), says it uses only exempt encryption', () => {
    expect(info.UISupportedInterfaceOrientations).toEqual(['UIInterfaceOrientationPortrait']);
    expect(info['UISupportedInterfaceOrientations~ipad'], 'no iPad layout: iPhone only').toBeUndefined();
    expect(xcodeSettings('TARGETED_DEVICE_FAMILY')).toEqual(['1', '1']);
    expect(info.ITSAppUsesNonExemptEncryption).toBe(false);
    const manifest = JSON.parse(read('public/manifest.webmanifest'));
    expect(manifest.orientation).toMatch(/^portrait/);
  });

  it('names launch images in the iOS splash catalog that exist, with a dark variant', () => {
    const dir = 'ios/App/App/Assets.xcassets/Splash.imageset';
    const { images } = JSON.parse(read(`${dir}/Contents.json`));
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) expect(fs.existsSync(path.join(web, dir, image.filename)), image.filename).toBe(true);
    expect(images.some((image) => image.appearances?.some((a) => a.appearance === 'luminosity' && a.value === 'dark'))).toBe(true);
    const files = fs.readdirSync(path.join(web, dir)).filter((name) => name.endsWith('.png'));
    expect(files.sort(), 'no image the catalog leaves out').toEqual(images.map((image) => image.filename).sort());
  });

  it('pins FirebaseMessaging to a major that supports the deployment target', () => {
    const podfile = read('ios/App/Podfile');
    expect(podfile).toMatch(/pod 'FirebaseMessaging', '~> 11\.\d+'/);
    // iOS 15: StoreKit 2 and @capgo/native-purchases need it (issue 34 item 2); the Xcode project says the same.
    expect(podfile).toMatch(/platform :ios, '15\.0'/);
    expect([...read('ios/App/App.xcodeproj/project.pbxproj').matchAll(/IPHONEOS_DEPLOYMENT_TARGET = ([\d.]+);/g)].map((m) => m[1])).toEqual(['15.0', '15.0', '15.0', '15.0']);
    expect(read('ios/.gitignore')).not.toMatch(/Podfile\.lock/);
  });
});
