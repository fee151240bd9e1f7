import { APP_NAME, NATIVE_APP } from '@linkup/contract';

/**
 * Capacitor settings for the Android and iOS shells. Typed locally so the web build does not need
 * @capacitor/cli; the shape is Capacitor 7's CapacitorConfig.
 */
interface CapacitorConfig {
  appId: string;
  appName: string;
  webDir: string;
  server?: { androidScheme?: string; iosScheme?: string };
  plugins?: Record<string, Record<string, unknown>>;
}

const config: CapacitorConfig = {
  appId: NATIVE_APP.appId,
  appName: APP_NAME,
  webDir: 'dist',
  server: { androidScheme: 'https' },
};

export default config;
