import { MODERATION_MESSAGES, QUEUE_STATUSES, type AppealOutcome, type ModerationAppeal, type QueueStatus } from '@linkup/contract';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/button';
import { FormMessage } from '@/components/form-field';
import { Loading, LoadFailed } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { useAppeals } from '@/features/moderation/api/get-appeals';
import { useDecideAppeal } from '@/features/moderation/api/decide-appeal';
import { Pager } from '@/features/moderation/components/pager';
import { memberName } from '@/features/moderation/components/queue-screen';
import { callErrorMessage, isApiClientError } from '@/lib/api-client';
import { DISPLAY_LOCALE } from '@/lib/format';
import { toast } from '@/lib/toast';

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'short', day: 'numeric', year: 'numeric' });

export const APPEAL_TEXTS = {
  sameModerator: 'You made the original decision: another moderator must decide this appeal.',
} as const;

/** Appeals (issue 30): each with the decision appealed; uphold or overturn, with a statement. */
export function AppealsScreen({ title }: { title: string }) {
  const [status, setStatus] = useState<QueueStatus>('open');
  const [page, setPage] = useState(1);
  const appeals = useAppeals(status, page);
  return (
    <section className="moderation-page">
      <PageHeader title={title} />
      <div className="moderation-filters">
        <div className="field">
          <label htmlFor="appeals-status">Status</label>
          <select id="appeals-status" className="p-inputtext" value={status} onChange={(e) => { setStatus(e.target.value as QueueStatus); setPage(1); }}>
            {QUEUE_STATUSES.map((s) => <option key={s} value={s}>{s === 'open' ? 'Open' : 'Closed'}</option>)}
          </select>
        </div>
      </div>
      {appeals.isPending ? <Loading label="Loading appeals" /> : appeals.isError ? <LoadFailed what="Appeals" onRetry={() => void appeals.refetch()} /> : appeals.data.items.length === 0 ? (
        <p className="moderation-empty">No appeals here.</p>
      ) : (
        <ul className="moderation-cards" aria-label="Appeals">
          {appeals.data.items.map((appeal) => <AppealCard key={appeal.id} appeal={appeal} />)}
        </ul>
      )}
      <Pager pagination={appeals.data?.pagination} page={page} onPage={setPage} label="Appeal pages" />
    </section>
  );
}

function AppealCard({ appeal }: { appeal: ModerationAppeal }) {
  const id = useId();
  const decide = useDecideAppeal();
  const [statement, setStatement] = useState('');
  const [error, setError] = useState<string | undefined>();

  function submit(outcome: AppealOutcome) {
    if (!statement.trim()) return setError(MODERATION_MESSAGES.statementRequired);
    setError(undefined);
    decide.mutate(
      { appealId: appeal.id, body: { outcome, statement: statement.trim() } },
      {
        onSuccess: () => toast.success(MODERATION_MESSAGES.decided),
        onError: (e) => setError(isApiClientError(e) && e.code === 'same_moderator' ? APPEAL_TEXTS.sameModerator : callErrorMessage(e, 'The appeal could not be decided.')),
      },
    );
  }

  return (
    <li className="moderation-card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{memberName(appeal.member)} appeals a {appeal.decision.action.replace('_', ' ')}</h2>
      <p className="moderation-muted">Appealed {dateFormat.format(new Date(appeal.created_at))} · decision of {dateFormat.format(new Date(appeal.decision.created_at))}</p>
      <h3>The statement they got</h3>
      <p className="moderation-preview-text">{appeal.decision.statement}</p>
      <h3>Their appeal</h3>
      <blockquote className="moderation-quote">{appeal.text}</blockquote>
      {appeal.status === 'open' ? (
        <form onSubmit={(e: FormEvent) => e.preventDefault()} noValidate aria-label={`Decide the appeal of ${memberName(appeal.member)}`}>
          {error && <FormMessage tone="error">{error}</FormMessage>}
          <div className="field">
            <label htmlFor={`${id}-statement`}>Statement to the member</label>
            <textarea id={`${id}-statement`} className="p-inputtext p-inputtextarea" rows={3} value={statement} onChange={(e) => setStatement(e.target.value)} />
          </div>
          <div className="moderation-dialog-actions">
            <Button type="button" label="Uphold" className="p-button-outlined" loading={decide.isPending && decide.variables.body.outcome === 'upheld'} onClick={() => submit('upheld')} />
            <Button type="button" label="Overturn" loading={decide.isPending && decide.variables.body.outcome === 'overturned'} onClick={() => submit('overturned')} />
          </div>
        </form>
      ) : (
        <p><strong>{appeal.status === 'upheld' ? 'Upheld' : 'Overturned'}</strong>{appeal.outcome_statement ? `: ${appeal.outcome_statement}` : ''}</p>
      )}
    </li>
  );
}
