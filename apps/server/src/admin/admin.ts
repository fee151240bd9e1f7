import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { normalizeEmail, normalizeMobile } from '../lib/phone';
import { EntitlementsRepository } from '../modules/shared/entitlements.repository';
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
  const granted = await new EntitlementsRepository(db).grant(member.id, days, new Date().toISOString());
  return `${member.name} is premium until ${granted.ends_at}.`;
}
