import type { Envelope } from '@linkup/contract';

/** The success envelope every route answers with. */
export function ok<T>(data: T, message?: string): Envelope<T> {
  return message === undefined ? { success: true, data } : { success: true, data, message };
}
