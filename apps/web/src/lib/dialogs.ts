/**
 * The app's one confirm dialog, asked for from anywhere and shown by <DialogHost /> (mounted once
 * by the providers). Spec §9 defaults: confirm blue, cancel red, deny grey; labels OK, No, Cancel.
 * A question names its action instead of OK (issue 32: "Unblock", "Reset", "Exit"); a destructive
 * one (delete a message, leave a chat, unmatch, block, delete the account) on a red button, and
 * Cancel turns neutral (docs/decisions.md). Notices keep OK.
 */
import { UI_DEFAULTS } from '@linkup/contract';
import { create } from 'zustand';

export const dialogDefaults = {
  confirmButtonColor: UI_DEFAULTS.dialog.confirmButtonColor,
  cancelButtonColor: UI_DEFAULTS.dialog.cancelButtonColor,
  denyButtonColor: UI_DEFAULTS.dialog.denyButtonColor,
  confirmButtonText: UI_DEFAULTS.dialog.confirmButtonText,
  denyButtonText: UI_DEFAULTS.dialog.denyButtonText,
  cancelButtonText: UI_DEFAULTS.dialog.cancelButtonText,
} as const;

/** What the member chose: the confirm button, the deny button, or Cancel (also Esc and the close button). */
export type DialogChoice = 'confirm' | 'deny' | 'cancel';

export interface DialogRequest {
  title: string;
  text?: string | undefined;
  /** The confirm button's label; 'OK' by default. */
  confirmLabel?: string | undefined;
  /** The cancel button's label; 'Cancel' by default (e.g. 'Not now' before the push prompt). */
  cancelLabel?: string | undefined;
  /** Destructive: a red confirm button named for the action (give `confirmLabel`) and a neutral Cancel. */
  destructive?: boolean | undefined;
  /** Show a third, grey button ('No' by default) between confirm and Cancel. */
  denyLabel?: string | undefined;
  /** A notice: only the confirm button. */
  notice?: boolean | undefined;
}

interface OpenDialog extends DialogRequest {
  id: number;
  resolve: (choice: DialogChoice) => void;
}

interface DialogState {
  queue: OpenDialog[];
  close: (id: number, choice: DialogChoice) => void;
}

let nextId = 1;

/** Questions wait in line: the first is shown, the next one after it is answered. */
export const useDialogStore = create<DialogState>()((set, get) => ({
  queue: [],
  close: (id, choice) => {
    const dialog = get().queue.find((d) => d.id === id);
    if (!dialog) return;
    set({ queue: get().queue.filter((d) => d.id !== id) });
    dialog.resolve(choice);
  },
}));

/** Shows a dialog; resolves with the member's choice. */
export function openDialog(request: DialogRequest): Promise<DialogChoice> {
  return new Promise((resolve) => {
    useDialogStore.setState((state) => ({ queue: [...state.queue, { ...request, id: nextId++, resolve }] }));
  });
}

/**
 * Asks a yes/no question; resolves true only when the member confirms. The confirm button names
 * its action, never a bare 'OK' (issue 32): `confirmDialog('Unblock Ann?', text, { confirmLabel: 'Unblock' })`;
 * destructive ones in red: `confirmDialog('Block Ann?', text, { destructive: true, confirmLabel: 'Block' })`.
 */
export async function confirmDialog(
  title: string,
  text: string | undefined,
  options: Pick<DialogRequest, 'cancelLabel' | 'destructive'> & { confirmLabel: string },
): Promise<boolean> {
  return (await openDialog({ title, text, ...options })) === 'confirm';
}

/** A short notice with a single OK button. */
export async function alertDialog(title: string, text?: string): Promise<void> {
  await openDialog({ title, text, notice: true });
}
