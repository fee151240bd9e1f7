import { REPORT_DETAILS_MAX, REPORT_REASONS, REPORT_REASON_LABELS, friendlyMessage, type ReportReason } from '@linkup/contract';
import { Button } from '@/components/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from '@/components/dialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { RadioButton } from 'primereact/radiobutton';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { useReportMember } from '@/features/safety/api/report-member';
import { FormMessage, fieldAria } from '@/components/form-field';
import { isApiClientError } from '@/lib/api-client';
import { serverFormErrors, zodFormErrors, type FormErrors } from '@/lib/form-errors';
import { schemas } from '@/lib/schemas';

export const REPORT_TEXTS = {
  title: (name: string) => `Report ${name}`,
  intro: 'Reports are confidential: the member is not told who reported them.',
  reasonLegend: 'What is the problem?',
  details: 'Details',
  detailsRequired: 'Details (required)',
  detailsHint: 'Tell us what happened. Our moderators read every report.',
  alsoBlock: 'Also block this member',
  send: 'Send report',
  cancel: 'Cancel',
  sent: 'Thank you. Our team will review your report.',
} as const;

type Field = 'reason' | 'details' | 'block';

interface ReportDialogProps {
  memberId: string;
  name: string;
  visible: boolean;
  onClose: () => void;
  /** After a report that also blocked the member. */
  onBlocked?: () => void;
  /** Issue 29: "Report this message" — the report names this chat message. */
  messageId?: string | undefined;
}

/**
 * The report form: a reason (radio buttons), details (required for "Something else") and "Also
 * block this member", checked by default. Field errors show under their fields; the daily limit
 * shows the server's words.
 */
export function ReportDialog({ memberId, name, visible, onClose, onBlocked, messageId }: ReportDialogProps) {
  const id = useId();
  const report = useReportMember();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [block, setBlock] = useState(true);
  const [errors, setErrors] = useState<FormErrors<Field>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const close = () => {
    if (report.isPending) return;
    setReason(null);
    setDetails('');
    setBlock(true);
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const parsed = (await schemas()).ReportBodySchema.safeParse({ reason: reason ?? undefined, details, block });
    if (!parsed.success) {
      setErrors(zodFormErrors<Field>(parsed.error));
      return;
    }
    setErrors({});
    report.mutate(
      { memberId, body: { reason: parsed.data.reason, details: parsed.data.details ?? null, block, ...(messageId ? { message_id: messageId } : {}) } },
      {
        onSuccess: ({ report: stored, message }) => {
          toast.success(message ?? REPORT_TEXTS.sent);
          close();
          if (stored.blocked) onBlocked?.();
        },
        onError: (error) => {
          if (isApiClientError(error) && error.status === 422 && error.errors) setErrors(serverFormErrors<Field>(error.errors));
          else if (isApiClientError(error)) setFailure(error.serverMessage ?? friendlyMessage(error));
          else setFailure(friendlyMessage({ status: 500 }));
        },
      },
    );
  };

  const formId = `${id}-report`;
  const detailsId = `${id}-details`;
  const blockId = `${id}-block`;
  const reasonError = errors.reason;

  return (
    <Dialog
      header={REPORT_TEXTS.title(name)}
      visible={visible}
      onHide={close}
      modal
      draggable={false}
      resizable={false}
      className="safety-dialog"
      breakpoints={{ '640px': '94vw' }}
      style={{ width: '480px' }}
      footer={
        <div className="safety-dialog-footer">
          <Button type="button" label={REPORT_TEXTS.cancel} className="safety-button-text" onClick={close} disabled={report.isPending} />
          <Button type="submit" form={formId} label={REPORT_TEXTS.send} icon="pi pi-flag" className="safety-button-danger" loading={report.isPending} />
        </div>
      }
    >
      <form id={formId} className="safety-form" onSubmit={submit} noValidate>
        <p className="safety-intro">{REPORT_TEXTS.intro}</p>
        {failure && <FormMessage tone="error">{failure}</FormMessage>}
        <fieldset className="safety-reasons" aria-describedby={reasonError ? `${id}-reason-error` : undefined} aria-invalid={Boolean(reasonError)}>
          <legend className="safety-legend">{REPORT_TEXTS.reasonLegend}</legend>
          {REPORT_REASONS.map((value) => (
            <div key={value} className="safety-reason">
              <RadioButton
                inputId={`${id}-${value}`}
                name={`${id}-reason`}
                value={value}
                checked={reason === value}
                onChange={(e) => setReason(e.value as ReportReason)}
              />
              <label htmlFor={`${id}-${value}`}>{REPORT_REASON_LABELS[value]}</label>
            </div>
          ))}
          {reasonError && <small id={`${id}-reason-error`} className="field-error">{reasonError}</small>}
        </fieldset>

        <div className="field">
          <label htmlFor={detailsId}>{reason === 'other' ? REPORT_TEXTS.detailsRequired : REPORT_TEXTS.details}</label>
          <InputTextarea
            id={detailsId}
            value={details}
            onChange={(e) => setDetails(e.target.value)}
            rows={4}
            maxLength={REPORT_DETAILS_MAX}
            autoResize
            {...fieldAria(detailsId, errors.details, true)}
          />
          {!errors.details && (
            <small id={`${detailsId}-hint`} className="field-hint">
              {REPORT_TEXTS.detailsHint} ({details.length}/{REPORT_DETAILS_MAX})
            </small>
          )}
          {errors.details && <small id={`${detailsId}-error`} className="field-error">{errors.details}</small>}
        </div>

        <div className="safety-check">
          <Checkbox inputId={blockId} checked={block} onChange={(e) => setBlock(e.checked === true)} />
          <label htmlFor={blockId}>{REPORT_TEXTS.alsoBlock}</label>
        </div>
      </form>
    </Dialog>
  );
}
