import { CONTACT_APP_TERMS, MESSAGE_FLAGS, MONEY_TERMS, foldForTerms, type MessageFlag } from '@linkup/contract';
import { findNumbers, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { LinkifyIt } from 'linkify-it';
import { RegExpMatcher, englishDataset, englishRecommendedTransformers } from 'obscenity';

/**
 * Safe contact (issue 29): what a message shows that its recipient should be careful about.
 * Pure and cheap — it runs once per send and per edit, and its result is stored.
 */

/**
 * Words the offensive-language filter would otherwise flag for a bad word inside them (the
 * "Scunthorpe problem"): obscenity's own list covers many; these are the ones found here.
 */
export const OFFENSIVE_ALLOW_LIST: readonly string[] = [
  'shiitake', 'cumin', 'cumulus', 'cucumber', 'cocktail', 'cockpit', 'cockatoo', 'peacock', 'hancock', 'penistone',
  'scunthorpe', 'dickens', 'analysis', 'analyst', 'assassin', 'bassist', 'grape', 'therapist', 'sextant', 'sussex',
  'essex', 'middlesex', 'arsenal', 'arsenic', 'titan', 'titanic', 'niger', 'nigeria', 'spice', 'shitake',
];

const built = englishDataset.build();
const offensive = new RegExpMatcher({
  ...built,
  ...englishRecommendedTransformers,
  whitelistedTerms: [...(built.whitelistedTerms ?? []), ...OFFENSIVE_ALLOW_LIST],
});

const links = new LinkifyIt({ fuzzyLink: true, fuzzyEmail: true });

/** One pattern per term list, over `foldForTerms` text: a term matches whole words only. */
function termsPattern(terms: readonly string[]): RegExp {
  const escaped = [...new Set(terms)].map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length);
  return new RegExp(` (?:${escaped.join('|')}) `);
}
const CONTACT_APPS = termsPattern(CONTACT_APP_TERMS);
const MONEY = termsPattern(MONEY_TERMS);

/** Runs of digits a number may be written as: "082 123 4567", "0 8 2 1 2 3 4 5 6 7", "+27-82-123-4567", "(082) 123.4567". */
const DIGIT_RUN = /\+?\d(?:[\s().\-/]{0,3}\d){7,15}/g;
/** Fewer digits than this in the whole text: no phone number (skips the finder for most messages). */
const MIN_PHONE_DIGITS = 8;

function countDigits(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) n++;
  }
  return n;
}

/** A phone number: libphonenumber's finder, then digit runs with spaces or dots between every digit. */
function hasPhoneNumber(text: string, region: CountryCode): boolean {
  if (countDigits(text) < MIN_PHONE_DIGITS) return false;
  if (findNumbers(text, { defaultCountry: region, v2: true }).length > 0) return true;
  for (const run of text.match(DIGIT_RUN) ?? []) {
    const digits = `${run.startsWith('+') ? '+' : ''}${run.replace(/\D/g, '')}`;
    if (parsePhoneNumberFromString(digits, region)?.isValid()) return true;
  }
  return false;
}

/**
 * A link or an e-mail address. A bare "word.xx" (two-letter country domain, no "www.", no path)
 * is a missed space ("ok.so"), not a link.
 */
function linkKind(text: string): { link: boolean; email: boolean } {
  const found = { link: false, email: false };
  // Every link and address has a dot: most messages skip the finder.
  if (!text.includes('.')) return found;
  for (const match of links.match(text) ?? []) {
    if (match.schema === 'mailto:') found.email = true;
    else if (match.schema !== '' || isLikelyBareLink(match.text)) found.link = true;
  }
  return found;
}

function isLikelyBareLink(text: string): boolean {
  if (/^www\./i.test(text) || text.includes('/')) return true;
  const labels = text.split(':')[0]!.split('.');
  return labels.length > 2 || (labels[labels.length - 1]?.length ?? 0) > 2;
}

/**
 * The flags of one message (in MESSAGE_FLAGS order): `contact_details` (a phone number, an e-mail
 * address or a messaging app), `link`, `money` (payment apps, gift cards, crypto, transfers, bank
 * details) and `offensive`. `region`: where a number without a country code is read (ZA by default).
 */
export function classifyMessage(text: string, region: string): MessageFlag[] {
  const flags = new Set<MessageFlag>();
  const folded = foldForTerms(text);
  const { link, email } = linkKind(text);
  if (email || CONTACT_APPS.test(folded) || hasPhoneNumber(text, region.toUpperCase() as CountryCode)) flags.add('contact_details');
  if (link) flags.add('link');
  if (MONEY.test(folded)) flags.add('money');
  if (offensive.hasMatch(text)) flags.add('offensive');
  return MESSAGE_FLAGS.filter((flag) => flags.has(flag));
}

/** Flags as stored in `chat_messages.flags`: comma-separated, '' for none. */
export const storedFlags = (flags: readonly MessageFlag[]): string => flags.join(',');

export function parseStoredFlags(stored: string | null | undefined): MessageFlag[] {
  if (!stored) return [];
  return stored.split(',').filter((flag): flag is MessageFlag => (MESSAGE_FLAGS as readonly string[]).includes(flag));
}
