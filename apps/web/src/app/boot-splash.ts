/** The logo index.html shows until the app's first page mounts (issue #18). */
export const BOOT_SPLASH_ID = 'boot-splash';

/** Removes the start-up logo; called as the first page mounts, before it paints. */
export function removeBootSplash(doc: Document = document): void {
  doc.getElementById(BOOT_SPLASH_ID)?.remove();
}
