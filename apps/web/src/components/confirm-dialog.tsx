import '@/components/confirm-dialog.css';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useId } from 'react';
import { dialogDefaults, type DialogChoice, type DialogRequest } from '@/lib/dialogs';

interface ConfirmDialogProps {
  request: DialogRequest;
  onChoose: (choice: DialogChoice) => void;
}

const colour = (background: string) => ({ background, borderColor: background, color: '#ffffff' });

/**
 * The app-styled question: title, text, then confirm (blue, 'OK'), deny (grey, 'No', when asked
 * for) and Cancel (red). A destructive question's confirm is red and named for the action, with a
 * neutral Cancel that takes the focus, so Enter never destroys by accident.
 */
export function ConfirmDialog({ request, onChoose }: ConfirmDialogProps) {
  const textId = useId();
  const { title, text, destructive = false, notice = false } = request;
  const confirmLabel = request.confirmLabel ?? dialogDefaults.confirmButtonText;

  const footer = (
    <div className="confirm-dialog-actions">
      <Button
        type="button"
        label={confirmLabel}
        className={`confirm-dialog-button${destructive ? ' confirm-dialog-button--danger' : ''}`}
        style={destructive ? undefined : colour(dialogDefaults.confirmButtonColor)}
        autoFocus={!destructive}
        onClick={() => onChoose('confirm')}
      />
      {request.denyLabel !== undefined && !notice && (
        <Button
          type="button"
          label={request.denyLabel || dialogDefaults.denyButtonText}
          className="confirm-dialog-button"
          style={colour(dialogDefaults.denyButtonColor)}
          onClick={() => onChoose('deny')}
        />
      )}
      {!notice && (
        <Button
          type="button"
          label={request.cancelLabel ?? dialogDefaults.cancelButtonText}
          className={`confirm-dialog-button${destructive ? ' confirm-dialog-button--neutral' : ''}`}
          style={destructive ? undefined : colour(dialogDefaults.cancelButtonColor)}
          autoFocus={destructive}
          onClick={() => onChoose('cancel')}
        />
      )}
    </div>
  );

  return (
    <Dialog
      visible
      header={title}
      footer={footer}
      onHide={() => onChoose('cancel')}
      className={`confirm-dialog${destructive ? ' confirm-dialog--danger' : ''}`}
      modal
      draggable={false}
      resizable={false}
      blockScroll
      focusOnShow={false}
      {...(text ? { 'aria-describedby': textId } : {})}
    >
      {text && <p id={textId} className="confirm-dialog-text">{text}</p>}
    </Dialog>
  );
}
