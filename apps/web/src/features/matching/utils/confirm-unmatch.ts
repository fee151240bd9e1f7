import { confirmDialog } from '@/lib/dialogs';

/** Asks before unmatching (destructive: the chat closes for both); resolves true to go ahead. */
export function confirmUnmatch(name: string): Promise<boolean> {
  return confirmDialog(`Unmatch ${name}?`, 'You will no longer see each other in your matches, and your chat will close.', {
    destructive: true,
    confirmLabel: 'Unmatch',
  });
}
