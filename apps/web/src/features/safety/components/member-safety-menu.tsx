import '@/features/safety/safety.css';
import { SAFETY_MESSAGES, friendlyMessage } from '@linkup/contract';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { toast } from '@/lib/toast';
import { useBlockMember } from '@/features/safety/api/block-member';
import { ReportDialog } from '@/features/safety/components/report-dialog';
import { isApiClientError, serverMessageOr } from '@/lib/api-client';
import { confirmDialog } from '@/lib/dialogs';

export const SAFETY_MENU_TEXTS = {
  options: 'Profile options',
  block: 'Block',
  report: 'Report',
  blockTitle: (name: string) => `Block ${name}?`,
  blockText: "You won't see each other's profiles or messages any more. You can unblock them from Blocked Users.",
} as const;

interface MemberSafetyMenuProps {
  memberId: string;
  name: string;
  /** After the member is blocked (from the menu, or by a report that also blocks): leave their page. */
  onBlocked: () => void;
}

/** The options of another member's profile: Block (after a confirmation) and Report. */
export function MemberSafetyMenu({ memberId, name, onBlocked }: MemberSafetyMenuProps) {
  const menuId = useId();
  const [open, setOpen] = useState(false);
  const [reporting, setReporting] = useState(false);
  const block = useBlockMember();

  const confirmBlock = async () => {
    if (!(await confirmDialog(SAFETY_MENU_TEXTS.blockTitle(name), SAFETY_MENU_TEXTS.blockText, { destructive: true, confirmLabel: 'Block' }))) return;
    block.mutate(memberId, {
      onSuccess: ({ message }) => {
        toast.success(message ?? SAFETY_MESSAGES.blocked);
        onBlocked();
      },
      onError: (error) => toast.error(serverMessageOr(error, isApiClientError(error) ? friendlyMessage(error) : friendlyMessage({ status: 500 }))),
    });
  };

  return (
    <div className="safety-menu-anchor">
      <button
        type="button"
        className="icon-button"
        aria-label={SAFETY_MENU_TEXTS.options}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        <i className="pi pi-ellipsis-v" aria-hidden="true" />
      </button>
      {open && (
        <OptionsMenu
          id={menuId}
          onClose={() => setOpen(false)}
          items={[
            { label: SAFETY_MENU_TEXTS.block, icon: 'pi-ban', danger: true, disabled: block.isPending, run: () => void confirmBlock() },
            { label: SAFETY_MENU_TEXTS.report, icon: 'pi-flag', run: () => setReporting(true) },
          ]}
        />
      )}
      <ReportDialog memberId={memberId} name={name} visible={reporting} onClose={() => setReporting(false)} onBlocked={onBlocked} />
    </div>
  );
}

interface OptionsItem {
  label: string;
  icon: string;
  danger?: boolean;
  disabled?: boolean;
  run: () => void;
}

/**
 * A small menu under the options button: the first item takes focus, arrows move between items,
 * Esc, Tab or a click elsewhere closes it (focus returns to the button).
 */
function OptionsMenu({ id, items, onClose }: { id: string; items: OptionsItem[]; onClose: () => void }) {
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    list.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!list.current?.parentElement?.contains(event.target as Node)) onClose();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      if (opener?.isConnected) opener.focus();
    };
  }, [onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (event.key === 'Escape' || event.key === 'Tab') {
      onClose();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      buttons[(at + step + buttons.length) % buttons.length]?.focus();
    }
  };

  return (
    <ul id={id} ref={list} className="safety-menu" role="menu" aria-label={SAFETY_MENU_TEXTS.options} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <li key={item.label} role="none">
          <button
            type="button"
            role="menuitem"
            className={`safety-menu-item${item.danger ? ' safety-menu-item--danger' : ''}`}
            disabled={item.disabled}
            onClick={() => {
              onClose();
              item.run();
            }}
          >
            <i className={`pi ${item.icon}`} aria-hidden="true" />
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
