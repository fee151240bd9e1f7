import { describe, expect, it } from 'vitest';
import { composerKeyAction, editKeyAction } from '@/features/chat/utils/keys';

const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean; metaKey: boolean; altKey: boolean; isComposing: boolean }> = {}) => ({
  key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, isComposing: false, ...mods,
});

describe('composer keys (spec §2)', () => {
  it('sends on Enter and adds a line on Shift+Enter', () => {
    expect(composerKeyAction(key('Enter'))).toBe('send');
    expect(composerKeyAction(key('Enter', { shiftKey: true }))).toBe('none');
    expect(composerKeyAction(key('a'))).toBe('none');
  });

  it('leaves Enter to an input method that is composing a word', () => {
    expect(composerKeyAction(key('Enter', { isComposing: true }))).toBe('none');
  });
});

describe('edit panel keys (spec §2)', () => {
  it('saves on Ctrl+Enter (⌘+Enter on a Mac) and cancels on Esc', () => {
    expect(editKeyAction(key('Enter', { ctrlKey: true }))).toBe('save');
    expect(editKeyAction(key('Enter', { metaKey: true }))).toBe('save');
    expect(editKeyAction(key('Escape'))).toBe('cancel');
  });

  it('adds a line on a plain Enter', () => {
    expect(editKeyAction(key('Enter'))).toBe('none');
    expect(editKeyAction(key('Enter', { shiftKey: true }))).toBe('none');
  });
});
