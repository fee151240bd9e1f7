import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** A mobile number in E.164 (`+27821234567`), or null when it is not a valid number. */
export function normalizeMobile(input: string, defaultRegion: string): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultRegion.toUpperCase() as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
}

export function normalizeEmail(input: string): string {
  return input.trim().toLowerCase();
}
