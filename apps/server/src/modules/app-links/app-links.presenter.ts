import { NATIVE_APP } from '@linkup/contract';

/** What the well-known files are built from (config.appLinks). */
export interface AppLinksSettings {
  androidCertFingerprints: readonly string[];
  appleTeamId: string | undefined;
}

/**
 * Digital Asset Links for Android App Links: the app signed with these certificates may open
 * https links to this host. Null until a fingerprint is configured.
 */
export function assetLinks(settings: AppLinksSettings): unknown[] | null {
  if (settings.androidCertFingerprints.length === 0) return null;
  return [{
    relation: ['delegate_permission/common.handle_all_urls'],
    target: { namespace: 'android_app', package_name: NATIVE_APP.appId, sha256_cert_fingerprints: [...settings.androidCertFingerprints] },
  }];
}

/**
 * The apple-app-site-association for iOS Universal Links: the app of this team opens the app's
 * paths on this host (the same prefixes as the Android intent filter). Null until a team id is set.
 */
export function appleAppSiteAssociation(settings: AppLinksSettings): Record<string, unknown> | null {
  if (!settings.appleTeamId) return null;
  const appId = `${settings.appleTeamId}.${NATIVE_APP.appId}`;
  return {
    applinks: {
      details: [{
        appIDs: [appId],
        components: NATIVE_APP.linkPathPrefixes.map((prefix) => ({ '/': `${prefix}*` })),
      }],
    },
  };
}
