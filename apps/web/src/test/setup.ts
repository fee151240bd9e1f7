import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { schemas } from '@/lib/schemas';
import { loadToastLibrary } from '@/lib/toast';
import { takeDrift } from '@/test/contract-check';

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

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  // Mocks that said what the API would not (test/contract-check.ts) fail the test that used them.
  const drift = takeDrift();
  if (drift.length > 0) throw new Error(`mocked answers differ from the API contract:\n  ${drift.join('\n  ')}`);
});
