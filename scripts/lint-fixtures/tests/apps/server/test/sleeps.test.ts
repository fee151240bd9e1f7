// Every line marked "refused" is a fixed sleep the lint reports (scripts/lint-tests.test.mjs).
import { setTimeout as pause } from 'node:timers/promises'; // refused
import { act } from 'react';

declare function sleep(ms: number): Promise<void>;
declare const timers: { setTimeout(callback: () => void, ms: number): void };

export async function waits(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 50)); // refused
  await new Promise<void>((resolve) => setTimeout(() => resolve(), 5)); // refused
  await act(() => new Promise((r) => setTimeout(r, 300))); // refused
  await new Promise((resolve) => { timers.setTimeout(resolve, 10); }); // refused
  await pause(100); // refused
  await sleep(100); // refused
  const { setTimeout: later } = await import('node:timers/promises'); // refused
  await later(10);
}
