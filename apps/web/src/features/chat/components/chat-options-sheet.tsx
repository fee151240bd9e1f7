import { CHAT_SAFETY_TEXTS, UI_TEXTS } from '@linkup/contract';
import { useEffect, useRef } from 'react';

interface ChatOptionsSheetProps {
  /** Absent when there is no profile to show (the conversation ended). */
  onViewProfile?: (() => void) | undefined;
  /** Absent unless the two are matched. */
  onUnmatch?: (() => void) | undefined;
  /** Absent once the conversation ended. */
  onBlock?: (() => void) | undefined;
  /** Absent while the other member is not known yet. */
  onReport?: (() => void) | undefined;
  /** Absent once the conversation ended (there is nothing left to leave). */
  onLeave?: (() => void) | undefined;
  onClose: () => void;
}

/**
 * The Chat screen's options (spec §2; issue 29): a bottom sheet with View profile, Unmatch (when
 * matched), Block, Report, 'Leave Chat' and Cancel — each only when it applies. Esc or a tap
 * outside closes it.
 */
export function ChatOptionsSheet({ onViewProfile, onUnmatch, onBlock, onReport, onLeave, onClose }: ChatOptionsSheetProps) {
  const sheet = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    sheet.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [onClose]);

  const actions = [
    { label: CHAT_SAFETY_TEXTS.viewProfile, icon: 'pi-user', run: onViewProfile, danger: false },
    { label: CHAT_SAFETY_TEXTS.unmatch, icon: 'pi-heart-fill', run: onUnmatch, danger: true },
    { label: CHAT_SAFETY_TEXTS.block, icon: 'pi-ban', run: onBlock, danger: true },
    { label: CHAT_SAFETY_TEXTS.report, icon: 'pi-flag', run: onReport, danger: true },
    { label: UI_TEXTS.chat.leaveChat, icon: 'pi-sign-out', run: onLeave, danger: true },
  ];

  return (
    <div className="sheet-backdrop" onClick={onClose} data-testid="sheet-backdrop">
      <div
        ref={sheet}
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-label="Chat options"
        onClick={(event) => event.stopPropagation()}
      >
        <span className="sheet-handle" aria-hidden="true" />
        {actions.map(({ label, icon, run, danger }) => run && (
          <button key={label} type="button" className={`sheet-action${danger ? ' sheet-action--danger' : ''}`} onClick={run}>
            <i className={`pi ${icon}`} aria-hidden="true" />
            {label}
          </button>
        ))}
        <button type="button" className="sheet-action" onClick={onClose}>
          {UI_TEXTS.chat.cancel}
        </button>
      </div>
    </div>
  );
}
