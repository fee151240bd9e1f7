import { SAFE_CONTACT_TEXTS } from '@linkup/contract';
import { isApiClientError } from '@/lib/api-client';
import { openDialog } from '@/lib/dialogs';

/** The server found the text hurtful and asks for confirmation (issue 29: 409 confirm_required). */
export const isConfirmRequired = (error: unknown): boolean => isApiClientError(error) && error.code === 'confirm_required';

/** "Are you sure? This may be hurtful." — Edit / Send anyway; resolves true on Send anyway. */
export async function confirmHurtful(): Promise<boolean> {
  const choice = await openDialog({ title: SAFE_CONTACT_TEXTS.confirmOffensive, confirmLabel: SAFE_CONTACT_TEXTS.sendAnyway, cancelLabel: SAFE_CONTACT_TEXTS.edit });
  return choice === 'confirm';
}
