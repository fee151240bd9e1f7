import { friendlyMessage } from '@linkup/contract';
import { isApiClientError } from '@/lib/api-client';

/** A failure toast: the server's explanation where it gave one, else `fallback`. */
export function friendlyError(error: unknown, fallback: string): string {
  if (!isApiClientError(error)) return fallback;
  if (error.status === 422 || error.status === 401 || error.status === 403) return fallback;
  return friendlyMessage(error) || fallback;
}
