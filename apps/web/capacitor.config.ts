import { APP_NAME, NATIVE_APP } from '@linkup/contract';

/**
 * Capacitor settings for the Android and iOS shells: the one place that names the app (id and
 * name come from the contract; `native-projects.test.ts` checks the committed projects agree).
 * Typed locally so the web build does not need @capacitor/cli; the shape is Capacitor 7's
 * CapacitorConfig. `npm run cap:sync` copies it into both projects.
 */
interface CapacitorConfig {
  appId: string;
  appName: string;
  webDir: string;
  server?: { androidScheme?: string; iosScheme?: string };
  android?: { adjustMarginsForEdgeToEdge?: 'auto' | 'force' | 'disable' };
  plugins?: Record<string, Record<string, unknown>>;
}

const config: CapacitorConfig = {
  appId: NATIVE_APP.appId,
  appName: APP_NAME,
  webDir: 'dist',
  server: { androidScheme: 'https' },
  // Android 15 draws apps edge to edge; keep the web view clear of the system bars.
  android: { adjustMarginsForEdgeToEdge: 'auto' },
  plugins: {
    // The app hides the splash itself once the first screen has rendered (src/main.tsx).
    SplashScreen: { launchAutoHide: false, backgroundColor: '#fff7fa', androidScaleType: 'CENTER_CROP', showSpinner: false },
    // The web view shrinks above the keyboard, so the chat composer stays visible.
    Keyboard: { resize: 'native', resizeOnFullScreen: true },
    // A push that arrives while the app is open shows the in-app card, not a system banner.
    PushNotifications: { presentationOptions: [] },
  },
};

export default config;
