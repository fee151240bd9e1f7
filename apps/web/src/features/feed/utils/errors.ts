import { isApiClientError } from '@/lib/api-client';

/** Spec §4's "requires preferences" state: GET /feed answers `preferences_required` until the member saved dating preferences. */
export function requiresPreferences(error: unknown): boolean {
  return isApiClientError(error) && error.code === 'preferences_required';
}
