import { COMPOSER_MAX_HEIGHT_PX, FIELD_LIMITS, UI_TEXTS, isSendableMessage } from '@linkup/contract';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useAutoGrow } from '@/features/chat/hooks/use-auto-grow';
import { editKeyAction } from '@/features/chat/utils/keys';
import { LengthCounter } from '@/components/length-counter';

interface EditPanelProps {
  initialText: string;
  /** Saves the new text; resolves true when saved (the panel then closes). */
  onSave: (text: string) => Promise<boolean>;
  onCancel: () => void;
}

/** 'Editing message' (spec §2): Cancel and Save; Ctrl+Enter saves, Esc cancels; an empty text cannot be saved. */
export function EditPanel({ initialText, onSave, onCancel }: EditPanelProps) {
  const [text, setText] = useState(initialText);
  const [saving, setSaving] = useState(false);
  const box = useRef<HTMLTextAreaElement>(null);
  useAutoGrow(box, text);
  const canSave = isSendableMessage(text) && !saving;

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  async function save() {
    if (!canSave) return;
    setSaving(true);
    try {
      if (await onSave(text.trim())) return;
    } finally {
      setSaving(false);
    }
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    const action = editKeyAction(event.nativeEvent);
    if (action === 'none') return;
    event.preventDefault();
    if (action === 'cancel') onCancel();
    else void save();
  }

  return (
    <form
      className="edit-panel"
      aria-label={UI_TEXTS.chat.editingMessage}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <p className="edit-panel-title">
        <i className="pi pi-pencil" aria-hidden="true" /> {UI_TEXTS.chat.editingMessage}
      </p>
      <textarea
        ref={box}
        className="composer-input edit-panel-input"
        rows={1}
        aria-label="Edited message"
        maxLength={FIELD_LIMITS.chatMessageMax}
        value={text}
        style={{ maxHeight: COMPOSER_MAX_HEIGHT_PX }}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      <LengthCounter length={text.length} max={FIELD_LIMITS.chatMessageMax} />
      <div className="edit-panel-actions">
        <button type="button" className="chat-button chat-button--ghost" onClick={onCancel}>
          {UI_TEXTS.chat.cancel}
        </button>
        <button type="submit" className="chat-button chat-button--primary" disabled={!canSave} aria-busy={saving}>
          {UI_TEXTS.chat.save}
        </button>
      </div>
    </form>
  );
}
