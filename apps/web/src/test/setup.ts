import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { schemas } from '@/lib/schemas';
import { loadToastLibrary } from '@/lib/toast';
import { takeDrift } from '@/test/contract-check';

// findBy… and waitFor give a page 5 s (not the library's 1 s) to show what it loaded: on a 2-core
// machine with both cores busy, a fetch answered by the mock and its render took longer than 1 s
// (issue 28 item 9). A page that never shows it still fails, well inside the test's 15 s.
configure({ asyncUtilTimeout: 5_000 });

// Loaded up front, as a page's first request and the idle prefetch do: a test's fake clock never
// runs while zod or the toasts load.
// PrimeReact's Dialog too, which components/dialog.tsx loads the first time one opens.
await Promise.all([schemas(), loadToastLibrary(), import('primereact/dialog')]);

// jsdom has no layout: scrolling is a no-op we can observe, and media queries never match.
beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  // Nor idle periods: pages are never prefetched in tests (each test loads what it opens).
  window.requestIdleCallback = (() => 0) as typeof window.requestIdleCallback;
});

afterEach(async () => {
  cleanup();
  window.localStorage.clear();
  // Mocks that said what the API would not (test/contract-check.ts) fail the test that used them.
  const drift = await takeDrift();
  if (drift.length > 0) throw new Error(`mocked answers differ from the API contract:\n  ${drift.join('\n  ')}`);
});
