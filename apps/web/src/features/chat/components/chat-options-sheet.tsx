import { UI_TEXTS } from '@linkup/contract';
import { useEffect, useRef } from 'react';

interface ChatOptionsSheetProps {
  onLeave: () => void;
  onClose: () => void;
}

/** The Chat screen's options (spec §2): a bottom sheet with 'Leave Chat' and Cancel; Esc or a tap outside closes it. */
export function ChatOptionsSheet({ onLeave, onClose }: ChatOptionsSheetProps) {
  const first = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    first.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [onClose]);

  return (
    <div className="sheet-backdrop" onClick={onClose} data-testid="sheet-backdrop">
      <div
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-label="Chat options"
        onClick={(event) => event.stopPropagation()}
      >
        <span className="sheet-handle" aria-hidden="true" />
        <button ref={first} type="button" className="sheet-action sheet-action--danger" onClick={onLeave}>
          <i className="pi pi-sign-out" aria-hidden="true" />
          {UI_TEXTS.chat.leaveChat}
        </button>
        <button type="button" className="sheet-action" onClick={onClose}>
          {UI_TEXTS.chat.cancel}
        </button>
      </div>
    </div>
  );
}
