import { SERVICE_WORKER_PATH } from '@linkup/contract';

/**
 * Registers /sw.js, which precaches the app shell so the installed web app opens offline (it is
 * emitted by the build, so there is none under the dev server). Failure only costs offline use.
 */
export async function registerServiceWorker(
  container: ServiceWorkerContainer | undefined = globalThis.navigator?.serviceWorker,
  enabled: boolean = import.meta.env.PROD,
): Promise<ServiceWorkerRegistration | null> {
  if (!container || !enabled) return null;
  try {
    return await container.register(SERVICE_WORKER_PATH, { scope: '/' });
  } catch (error) {
    console.warn('Service worker registration failed; the app will not open offline', error);
    return null;
  }
}
