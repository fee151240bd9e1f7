import { isApiClientError } from '@/lib/api-client';

/**
 * Spec §4: a 400 from GET /feed means the member has no saved dating preferences (the only 400
 * the feed answers; bad filters are 422) — the "requires preferences" state.
 */
export function requiresPreferences(error: unknown): boolean {
  return isApiClientError(error) && error.status === 400;
}
