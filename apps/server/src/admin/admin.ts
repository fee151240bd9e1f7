import type { Kysely } from 'kysely';
import type { Jobs } from '../adapters/jobs/jobs';
import type { Database } from '../db/schema';
import { normalizeEmail, normalizeMobile } from '../lib/phone';
import { presentStats } from '../modules/moderation/moderation.presenter';
import { ModerationRepository } from '../modules/moderation/moderation.repository';
import { MemberRolesRepository } from '../modules/shared/member-roles.repository';
import { grantPremium } from '../modules/subscriptions/subscriptions.repository';
import { AdminRepository } from './admin.repository';

export class AdminError extends Error {}

/** The member an operator means by an e-mail address or a mobile number. */
export async function findMember(db: Kysely<Database>, identifier: string, defaultRegion: string): Promise<{ id: string; name: string }> {
  const text = identifier.trim();
  const byEmail = text.includes('@');
  const mobile = byEmail ? null : normalizeMobile(text, defaultRegion);
  if (!byEmail && !mobile) throw new AdminError(`"${text}" is neither an e-mail address nor a mobile number.`);
  const member = await new AdminRepository(db).findMember(byEmail ? { email: normalizeEmail(text) } : { mobile: mobile! });
  if (!member) throw new AdminError(`No member has ${byEmail ? 'the e-mail address' : 'the mobile number'} ${text}.`);
  return member;
}

/** `grant-premium <email|mobile> <days>`: premium for that many days, added to any current premium. */
export async function grantPremiumCommand(db: Kysely<Database>, args: string[], defaultRegion: string): Promise<string> {
  const [identifier, daysText] = args;
  const days = Number(daysText);
  if (!identifier || !Number.isInteger(days) || days < 1 || days > 3650) {
    throw new AdminError('Usage: npm run admin -- grant-premium <email|mobile> <days (1–3650)>');
  }
  const member = await findMember(db, identifier, defaultRegion);
  const granted = await grantPremium(db, member.id, days, new Date().toISOString());
  return `${member.name} is premium until ${granted.ends_at}.`;
}

const ROLE_NAMES = ['moderator', 'admin'];

/** `grant-role|revoke-role <email|mobile> moderator|admin` (issue 30), with an audit entry (no actor: the command line). */
export async function roleCommand(db: Kysely<Database>, grant: boolean, args: string[], defaultRegion: string): Promise<string> {
  const [identifier, role] = args;
  const usage = `Usage: npm run admin -- ${grant ? 'grant-role' : 'revoke-role'} <email|mobile> moderator|admin`;
  if (!identifier || !role || !ROLE_NAMES.includes(role)) throw new AdminError(usage);
  const member = await findMember(db, identifier, defaultRegion);
  const roles = new MemberRolesRepository(db);
  const now = new Date().toISOString();
  const changed = grant ? await roles.grant(member.id, role, now) : await roles.revoke(member.id, role);
  if (changed) {
    await new ModerationRepository(db).audit({
      action: grant ? 'role_granted' : 'role_revoked', actor_id: null, subject_id: member.id, target: role, reason_code: null,
      statement: 'admin command line', created_at: now,
    });
  }
  if (grant) return changed ? `${member.name} is now ${role}.` : `${member.name} already was ${role}.`;
  return changed ? `${member.name} is no longer ${role}.` : `${member.name} was not ${role}.`;
}

/** `transparency-report --from <date> --to <date>` (issue 30): the DSA-style figures of a period, as JSON. */
export async function transparencyReportCommand(db: Kysely<Database>, args: string[]): Promise<string> {
  const value = (flag: string) => {
    const at = args.indexOf(flag);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const usage = 'Usage: npm run admin -- transparency-report --from <YYYY-MM-DD> --to <YYYY-MM-DD>';
  const [fromText, toText] = [value('--from'), value('--to')];
  const from = fromText ? new Date(fromText) : undefined;
  const to = toText ? new Date(toText) : undefined;
  if (!from || !to || Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || from >= to) throw new AdminError(usage);
  const stats = presentStats(await new ModerationRepository(db).stats(from.toISOString(), to.toISOString()), from.toISOString(), to.toISOString());
  return JSON.stringify(stats, null, 2);
}

/** `jobs failed [--limit N]` (issue 33): the newest jobs that failed their last attempt, one a line. */
export async function jobsCommand(jobs: Pick<Jobs, 'failed' | 'kind'>, args: string[]): Promise<string> {
  const [sub, flag, limitText] = args;
  const limit = flag === '--limit' ? Number(limitText) : 50;
  if (sub !== 'failed' || (flag !== undefined && flag !== '--limit') || !Number.isInteger(limit) || limit < 1 || limit > 1000) {
    throw new AdminError('Usage: npm run admin -- jobs failed [--limit <1–1000>]');
  }
  const failed = await jobs.failed(limit);
  if (failed.length === 0) return `No failed jobs (${jobs.kind}).`;
  const lines = failed.map((job) => [job.failedAt, job.name, job.id, `attempts=${job.attempts}`, job.error.replace(/\s+/g, ' ')].join('\t'));
  return [`failed jobs (${jobs.kind}), newest first: time, name, id, attempts, last error`, ...lines].join('\n');
}
