/** Display helpers the spec fixes (badges, initials, plural forms); pure, shared by all clients. */
import { BADGE_CAP, INITIALS_MAX } from '@linkup/contract';

/** '9+' above nine; nothing for zero or less. */
export function badgeText(count: number): string {
  if (!Number.isFinite(count) || count <= 0) return '';
  return count > BADGE_CAP ? `${BADGE_CAP}+` : String(Math.floor(count));
}

/** At most two letters: first letters of the first and last words. */
export function initials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '?';
  const picked = words.length === 1 ? [words[0]!] : [words[0]!, words[words.length - 1]!];
  return picked
    .map((w) => Array.from(w)[0] ?? '')
    .join('')
    .toUpperCase()
    .slice(0, INITIALS_MAX);
}

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}
