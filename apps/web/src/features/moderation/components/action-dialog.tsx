import {
  MODERATION_ACTIONS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  MODERATION_REASON_CODES,
  MODERATION_REASON_LABELS,
  type DecisionBody,
  type ModerationAction,
  type ModerationReasonCode,
} from '@linkup/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { FormMessage } from '@/components/form-field';
import { useActOnMember } from '@/features/moderation/api/act-on-member';
import { useDecideReport } from '@/features/moderation/api/decide-report';
import { ACTION_LABELS, REASON_TEMPLATES, statementPreview } from '@/features/moderation/statement';
import { callErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';

export interface ActionTarget {
  /** The report decided, or null for an action on the member without a report. */
  reportId: string | null;
  memberId: string;
  memberName: string;
}

const DEFAULT_REASON: Record<ModerationAction, ModerationReasonCode> = {
  dismiss: 'no_violation', warn: 'other', remove_content: 'inappropriate_content', suspend: 'other', ban: 'other',
};

/**
 * The action dialog (issue 30): action, rule (whose template fills the facts), days for a
 * suspension, what to remove, and a preview of the statement of reasons the member will get —
 * sent as the decision's statement once the moderator confirms.
 */
export function ActionDialog({ target, initialAction, onClose }: { target: ActionTarget; initialAction: ModerationAction; onClose: () => void }) {
  const id = useId();
  const [action, setAction] = useState<ModerationAction>(initialAction);
  const [reasonCode, setReasonCode] = useState<ModerationReasonCode>(DEFAULT_REASON[initialAction]);
  const [facts, setFacts] = useState(REASON_TEMPLATES[DEFAULT_REASON[initialAction]]);
  const [daysText, setDaysText] = useState('7');
  const days = Number(daysText);
  const daysValid = Number.isInteger(days) && days >= MODERATION_LIMITS.daysMin && days <= MODERATION_LIMITS.daysMax;
  const [removeAbout, setRemoveAbout] = useState(false);
  const [removePost, setRemovePost] = useState(false);
  const [includeSimilar, setIncludeSimilar] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const decideReport = useDecideReport();
  const actOnMember = useActOnMember();
  const pending = decideReport.isPending || actOnMember.isPending;

  const removed = [...(removeAbout ? ['your about text'] : []), ...(removePost ? ['your post'] : [])];
  const preview = statementPreview({ action, reasonCode, facts, days: daysValid ? days : undefined, reported: target.reportId !== null, removed });

  function chooseReason(code: ModerationReasonCode) {
    // The template replaces the facts unless the moderator has written their own.
    if (facts === REASON_TEMPLATES[reasonCode] || !facts.trim()) setFacts(REASON_TEMPLATES[code]);
    setReasonCode(code);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!facts.trim()) return setError(MODERATION_MESSAGES.statementRequired);
    if (action === 'suspend' && !daysValid) return setError(MODERATION_MESSAGES.daysRequired);
    if (action === 'remove_content' && removed.length === 0) return setError(MODERATION_MESSAGES.contentRequired);
    setError(undefined);
    const body: DecisionBody = {
      action,
      reason_code: reasonCode,
      statement: preview,
      ...(action === 'suspend' ? { days } : {}),
      ...(action === 'remove_content' ? { content: { about: removeAbout, post: removePost } } : {}),
      ...(target.reportId ? { include_similar: includeSimilar } : {}),
    };
    const handlers = {
      onSuccess: () => {
        toast.success(MODERATION_MESSAGES.decided);
        onClose();
      },
      onError: (e: unknown) => setError(callErrorMessage(e, 'The decision could not be recorded.')),
    };
    if (target.reportId) decideReport.mutate({ reportId: target.reportId, body }, handlers);
    else actOnMember.mutate({ memberId: target.memberId, body }, handlers);
  }

  return (
    <Dialog visible onHide={onClose} header={`Decide about ${target.memberName}`} className="moderation-dialog" modal dismissableMask={false}>
      <form className="moderation-action-form" onSubmit={onSubmit} noValidate aria-label="Decision">
        {error && <FormMessage tone="error">{error}</FormMessage>}
        <fieldset className="moderation-fieldset">
          <legend>Action</legend>
          {MODERATION_ACTIONS.map((a) => (
            <label key={a} className="moderation-radio">
              <input type="radio" name={`${id}-action`} value={a} checked={action === a} onChange={() => setAction(a)} />
              {ACTION_LABELS[a]}
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-reason`}>Rule</label>
          <select id={`${id}-reason`} className="p-inputtext" value={reasonCode} onChange={(e) => chooseReason(e.target.value as ModerationReasonCode)}>
            {MODERATION_REASON_CODES.map((code) => (
              <option key={code} value={code}>{MODERATION_REASON_LABELS[code]}</option>
            ))}
          </select>
        </div>
        {action === 'suspend' && (
          <div className="field">
            <label htmlFor={`${id}-days`}>Days</label>
            <input
              id={`${id}-days`}
              type="number"
              className="p-inputtext"
              min={MODERATION_LIMITS.daysMin}
              max={MODERATION_LIMITS.daysMax}
              value={days}
              onChange={(e) => setDaysText(e.target.value)}
            />
          </div>
        )}
        {action === 'remove_content' && (
          <fieldset className="moderation-fieldset">
            <legend>Remove</legend>
            <label className="moderation-radio">
              <input type="checkbox" checked={removeAbout} onChange={(e) => setRemoveAbout(e.target.checked)} /> About text
            </label>
            <label className="moderation-radio">
              <input type="checkbox" checked={removePost} onChange={(e) => setRemovePost(e.target.checked)} /> Reported post
            </label>
          </fieldset>
        )}
        <div className="field">
          <label htmlFor={`${id}-facts`}>Facts</label>
          <textarea id={`${id}-facts`} className="p-inputtext p-inputtextarea" rows={3} value={facts} onChange={(e) => setFacts(e.target.value)} />
        </div>
        {target.reportId && (
          <label className="moderation-radio">
            <input type="checkbox" checked={includeSimilar} onChange={(e) => setIncludeSimilar(e.target.checked)} /> Also decide this member's other open reports with the same reason
          </label>
        )}
        <section className="moderation-preview" aria-labelledby={`${id}-preview`}>
          <h3 id={`${id}-preview`}>What {target.memberName} will get</h3>
          <p className="moderation-preview-text" data-testid="statement-preview">{preview}</p>
        </section>
        <div className="moderation-dialog-actions">
          <Button type="button" label="Cancel" className="p-button-text" onClick={onClose} />
          <Button type="submit" label={`Confirm: ${ACTION_LABELS[action]}`} loading={pending} className="p-button-danger" />
        </div>
      </form>
    </Dialog>
  );
}
