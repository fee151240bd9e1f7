// Matching end-to-end helpers: discoverable members, likes through the API, finding a member in
// the discover stack, and premium granted with the operator CLI (`npm run admin -- grant-premium`).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MATCHING_LIMITS, ageOnDate } from '@linkup/contract';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { adminEnv } from './backends';
import { newMember, registerThroughApi, type NewMember } from './accounts';
import { completeOnboardingThroughApi } from './onboarding';
import type { StoredSession } from './session';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const digits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
/** Letters only, so names stay unique and readable. */
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

export interface MatchingMember {
  name: string;
  age: number;
  details: NewMember;
  session: StoredSession;
}

/** A member registered through the API with a unique name and a +2787 mobile; `onboard` makes them discoverable. */
export async function matchingMember(
  request: APIRequestContext,
  first: string,
  { dateOfBirth = '1996-04-12', onboard = true }: { dateOfBirth?: string; onboard?: boolean } = {},
): Promise<MatchingMember> {
  const name = `${first} Match${letters(5)}`;
  const details = { ...newMember(`match-${first.toLowerCase()}`), name, mobile: `+2787${digits(7)}`, dateOfBirth };
  let session = await registerThroughApi(request, details);
  if (onboard) session = await completeOnboardingThroughApi(request, session);
  return { name, age: ageOnDate(dateOfBirth), details, session };
}

/** POST /matches/{id}/like as `from`; returns the HTTP status and the body. */
export async function likeThroughApi(request: APIRequestContext, from: MatchingMember, toUserId: string) {
  const response = await request.post(`/api/matches/${toUserId}/like`, { headers: { Authorization: `Bearer ${from.session.token}` } });
  return { status: response.status(), body: (await response.json()) as { data?: { matched: boolean }; message?: string } };
}

/**
 * Uses up `member`'s free likes of today: that many new members (not onboarded, so Discover does
 * not show them), made five at a time, each liked through the API.
 */
export async function useUpTodaysLikes(request: APIRequestContext, member: MatchingMember, prefix: string): Promise<void> {
  const targets: MatchingMember[] = [];
  for (let i = 0; i < MATCHING_LIMITS.freeDailyLikes; i += 5) {
    targets.push(...(await Promise.all(Array.from({ length: 5 }, (_, j) => matchingMember(request, `${prefix}${i + j}`, { onboard: false })))));
  }
  for (const target of targets) expect((await likeThroughApi(request, member, target.session.user.id)).status).toBe(200);
}

/** Premium for `days`, through the operator CLI against the database of the running test's server. */
export function grantPremium(member: MatchingMember, days = 30): void {
  execFileSync('npx', ['tsx', 'apps/server/src/admin/cli.ts', 'grant-premium', member.details.email, String(days)], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', ...adminEnv(test.info().project.name), LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
}

/** The discover stack's top card. */
export const topCard = (page: Page) => page.getByTestId('discover-card');

/**
 * On /app/discover: passes on whoever is on top until `member` is (other members of the same
 * run may rank first). Fails if the stack runs out first.
 */
export async function passUntil(page: Page, member: MatchingMember, maxPasses = 60): Promise<void> {
  const wanted = `${member.name}, ${member.age}`;
  for (let i = 0; i <= maxPasses; i++) {
    await expect(topCard(page).or(page.getByText('No one new nearby'))).toBeVisible();
    await expect(topCard(page), `${wanted} should be in the stack`).toBeVisible();
    const label = await topCard(page).getAttribute('aria-label');
    if (label === wanted) return;
    await page.getByRole('button', { name: 'Pass' }).click();
    await expect(page.getByRole('article', { name: label ?? '' })).toHaveCount(0);
  }
  throw new Error(`${wanted} did not come up in ${maxPasses} cards`);
}
