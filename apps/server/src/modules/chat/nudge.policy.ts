import { SAFE_CONTACT_TEXTS, type MessageFlag } from '@linkup/contract';
import { AppError } from '../../lib/http-errors';

/**
 * Safe contact (issue 29): what a message's flags mean for its author and for who reads it.
 * - A message the offensive-language filter flags goes only once its author confirms it
 *   (409 confirm_required, then `confirm: true`).
 * - Flags are for the recipient: the author's own copy carries none.
 */
export const nudgePolicy = {
  assertConfirmed(flags: readonly MessageFlag[], confirm: boolean | undefined): void {
    if (flags.includes('offensive') && confirm !== true) {
      throw new AppError(409, SAFE_CONTACT_TEXTS.confirmRequired, { code: 'confirm_required' });
    }
  },

  /** The flags `viewerId` is shown on a message by `authorId`. */
  flagsFor(flags: readonly MessageFlag[], authorId: string, viewerId: string): MessageFlag[] {
    return authorId === viewerId ? [] : [...flags];
  },
};
