/**
 * SweetAlert2 with the spec's dialog defaults (§9): confirm blue, cancel red, deny grey; labels OK,
 * No and Cancel; light or dark as the system is.
 */
import { UI_DEFAULTS } from '@linkup/contract';
import Swal from 'sweetalert2';

export const dialogDefaults = {
  confirmButtonColor: UI_DEFAULTS.dialog.confirmButtonColor,
  cancelButtonColor: UI_DEFAULTS.dialog.cancelButtonColor,
  denyButtonColor: UI_DEFAULTS.dialog.denyButtonColor,
  confirmButtonText: UI_DEFAULTS.dialog.confirmButtonText,
  denyButtonText: UI_DEFAULTS.dialog.denyButtonText,
  cancelButtonText: UI_DEFAULTS.dialog.cancelButtonText,
  theme: 'auto',
  reverseButtons: false,
} as const;

export const dialog = Swal.mixin(dialogDefaults);

/** Asks a yes/no question; resolves true only when the member confirms. */
export async function confirmDialog(title: string, text?: string): Promise<boolean> {
  const result = await dialog.fire({ title, text, icon: 'question', showCancelButton: true });
  return result.isConfirmed;
}

/** A short notice with a single OK button. */
export async function alertDialog(title: string, text?: string): Promise<void> {
  await dialog.fire({ title, text, icon: 'info' });
}
