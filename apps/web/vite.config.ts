/// <reference types="vitest/config" />
import fs from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type UserConfig } from 'vite';
import { serviceWorker } from './pwa/service-worker-plugin.ts';
import { pageGroupFiles } from './vite-plugins/page-group-files.ts';
import { precompress } from './vite-plugins/precompress.ts';
import { primeCss } from './vite-plugins/prime-css.ts';
import { ROUTES } from '../../packages/contract/src/routes.ts';
import { firstLoadGroups } from './src/app/screen-groups.ts';
import { nativeApiUrlProblem } from './src/config/native-build.ts';

const apiTarget = process.env.LINKUP_API_ORIGIN ?? 'http://localhost:8080';

// Native push needs Firebase's file in the native project: without google-services.json the
// Android app crashes as it registers (capacitor-plugins#2370). The build (`npm run cap:sync`)
// tells the app which projects have theirs; a variable already set wins (docs/mobile.md).
const FIREBASE_FILES = {
  VITE_NATIVE_PUSH_ANDROID: 'android/app/google-services.json',
  VITE_NATIVE_PUSH_IOS: 'ios/App/App/GoogleService-Info.plist',
};
for (const [key, file] of Object.entries(FIREBASE_FILES)) {
  process.env[key] ??= String(fs.existsSync(fileURLToPath(new URL(file, import.meta.url))));
}

export default defineConfig(({ command, mode }) => {
  // `vite build` always makes a production build (React's production bundle, no dev checks),
  // whatever NODE_ENV the shell or `npm start` has (issue #18).
  if (command === 'build') process.env.NODE_ENV = 'production';
  // `npm run cap:sync` builds for the native apps (LINKUP_NATIVE_BUILD=1): a relative API address
  // would point into the app bundle, so the build stops and says so. The native sync check only
  // compares the native projects (the API address is not in them) and says so with
  // LINKUP_NATIVE_SYNC_CHECK=1; its web build is never shipped.
  if (command === 'build' && process.env.LINKUP_NATIVE_BUILD === '1' && process.env.LINKUP_NATIVE_SYNC_CHECK !== '1') {
    const problem = nativeApiUrlProblem(loadEnv(mode, fileURLToPath(new URL('.', import.meta.url)), 'VITE_').VITE_API_URL);
    if (problem) throw new Error(`Native build stopped: ${problem}`);
  }
  return config;
});

const config: UserConfig = {
  plugins: [
    react(),
    primeCss({ iconSources: [fileURLToPath(new URL('./src', import.meta.url)), fileURLToPath(new URL('../../packages/contract/src', import.meta.url))] }),
    serviceWorker(),
    // The files of each page group (src/app/page-groups.ts), for prefetching without running them,
    // and of each page's first visit, for the server to preload with its HTML.
    pageGroupFiles({
      groupOf: (id) =>
        /[\\/]src[\\/]app[\\/]layouts[\\/]app-shell\.tsx$/.test(id) ? 'appShell'
          : /[\\/]src[\\/]lib[\\/]schemas-module\.ts$/.test(id) ? 'schemas'
            : /[\\/]src[\\/]app[\\/]routes[\\/]groups[\\/](\w+)\.ts$/.exec(id)?.[1],
      // A signed-in page also needs the contract's schemas before it shows: the start-up token
      // check parses its answer with them, and so does the page's data.
      firstLoad: Object.fromEntries(
        ROUTES.filter((route) => firstLoadGroups(route).length > 0)
          .map((route) => [route.name, [...firstLoadGroups(route), ...(route.requiresAuth ? ['schemas'] : [])]]),
      ),
    }),
    // Last: compresses what the others wrote (sw.js included).
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: true,
    // The browsers LinkUp supports, named so the CSS minifier keeps standard properties
    // (backdrop-filter) and adds -webkit- only for the Safari versions that need it (issue 17).
    cssTarget: ['chrome111', 'edge111', 'firefox114', 'safari16.4', 'ios16.4'],
    rolldownOptions: {
      output: {
        // Few files on a first visit: over HTTP/1.1 a browser fetches six at a time, so forty small
        // chunks cost more round trips than their bytes (issue #18). React has its own file (it
        // changes less often than the app); everything the entry needs is one file ('app'); zod
        // and the contract's schemas one more, loaded with the first API answer ('schemas'); the
        // small modules several page groups share one ('shared'). Other libraries go with the
        // pages that use them. Groups do not pull in their modules' dependencies, so nothing
        // heavy (zod, PrimeReact) reaches a first page through one of them.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 4 },
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !/(index\.html|[\\/]src[\\/]main\.tsx)$/.test(id),
              includeDependenciesRecursively: false,
              priority: 3,
            },
            {
              name: 'schemas',
              test: /node_modules[\\/]zod[\\/]|packages[\\/]contract[\\/]src[\\/](schemas[\\/]|api\.ts|realtime\.ts)|src[\\/]lib[\\/]schemas-module/,
              includeDependenciesRecursively: false,
              priority: 2,
            },
            {
              name: 'shared',
              test: /apps[\\/]web[\\/]src[\\/](lib|config|components[\\/](?!confirm-dialog)|features[\\/](auth|chat|matching|profile)[\\/](api|utils|stores)[\\/])|node_modules[\\/](@tanstack|zustand)[\\/]|packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/,
              minShareCount: 2,
              includeDependenciesRecursively: false,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/media': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  test: {
    name: 'web',
    root: fileURLToPath(new URL('.', import.meta.url)),
    environment: 'jsdom',
    // Each file in a fresh VM context of a reused worker: half the wall time of a forked process
    // per file (jsdom and the module graph set up again either way; docs/decisions.md, "CI time,
    // third round"). The files keep their isolation, vi.mock included.
    pool: 'vmThreads',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // Form tests type and click through whole pages in jsdom: a few seconds each on a busy 2-core
    // machine, so 5 s failed by time alone; a real hang still fails.
    testTimeout: 15_000,
  },
};
