/** What a key press in the composer or the edit panel means (spec §2). Pure, for both. */
export type ComposerKeyAction = 'send' | 'save' | 'cancel' | 'none';

interface KeyLike {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey?: boolean;
  /** True while an input method (e.g. for Japanese) is composing: Enter picks a word then. */
  isComposing?: boolean;
}

/** Composer: Enter sends, Shift+Enter adds a line. */
export function composerKeyAction(event: KeyLike): ComposerKeyAction {
  if (event.isComposing) return 'none';
  if (event.key === 'Enter' && !event.shiftKey && !event.altKey) return 'send';
  return 'none';
}

/** Edit panel: Ctrl+Enter (⌘+Enter on a Mac) saves, Esc cancels, Enter adds a line. */
export function editKeyAction(event: KeyLike): ComposerKeyAction {
  if (event.isComposing) return 'none';
  if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) return 'save';
  if (event.key === 'Escape') return 'cancel';
  return 'none';
}
