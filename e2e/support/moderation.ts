// Moderation end-to-end helpers (issue 30): staff roles granted with the operator CLI
// (`npm run admin -- grant-role <email> moderator`) against the database of the running test's server.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext } from '@playwright/test';
import { test } from './test';
import { adminEnv } from './backends';
import type { StoredSession } from './session';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Grants `role` to the member with `email` through the operator CLI. */
export function grantRole(email: string, role: 'moderator' | 'admin'): void {
  execFileSync('npx', ['tsx', 'apps/server/src/admin/cli.ts', 'grant-role', email, role], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'test', ...adminEnv(test.info().project.name), LOG_LEVEL: 'silent' },
    stdio: 'pipe',
  });
}

/** The session with its user as GET /auth/user has it now (e.g. with roles just granted). */
export async function refreshedSession(request: APIRequestContext, session: StoredSession): Promise<StoredSession> {
  const response = await request.get('/api/auth/user', { headers: { Authorization: `Bearer ${session.token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return { ...session, user: ((await response.json()) as { data: { user: StoredSession['user'] } }).data.user };
}
