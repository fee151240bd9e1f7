import { MODERATION_ACTIONS, type ModerationAction, type ReportDetail, type ReportEvidence } from '@linkup/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Loading, LoadFailed } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { useReport } from '@/features/moderation/api/get-report';
import { ActionDialog } from '@/features/moderation/components/action-dialog';
import { memberName, reasonLabel } from '@/features/moderation/components/queue-screen';
import { ACTION_LABELS } from '@/features/moderation/statement';
import { DISPLAY_LOCALE } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';

const timeFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const at = (iso: string) => timeFormat.format(new Date(iso));

/** A report with its evidence (issue 30) beside the reported member's history, and the actions. */
export function ReportScreen({ reportId, title }: { reportId: string; title: string }) {
  const report = useReport(reportId);
  const [action, setAction] = useState<ModerationAction | null>(null);
  if (report.isPending || report.isError) {
    return (
      <section className="moderation-page">
        <PageHeader title={title} />
        {report.isPending ? <Loading label="Loading the report" /> : <LoadFailed what="The report" onRetry={() => void report.refetch()} />}
      </section>
    );
  }
  const { report: r, evidence, history } = report.data;
  const subject = memberName(r.subject);

  return (
    <section className="moderation-page">
      <PageHeader title={title} subtitle={`${subject} · ${reasonLabel(r.reason)} · ${r.priority} · ${r.status} · filed ${at(r.created_at)}${r.reporter ? ` by ${memberName(r.reporter)}` : ''}`} />
      {r.details && <blockquote className="moderation-quote">{r.details}</blockquote>}
      {r.status === 'open' && (
        <div className="moderation-actions" role="group" aria-label="Actions">
          {MODERATION_ACTIONS.map((a) => (
            <Button key={a} type="button" label={ACTION_LABELS[a]} className={a === 'dismiss' ? 'p-button-outlined' : 'p-button-danger p-button-outlined'} onClick={() => setAction(a)} />
          ))}
        </div>
      )}
      <div className="moderation-columns">
        <EvidencePanel evidence={evidence} subjectId={r.subject.id} />
        <HistoryPanel history={history} subjectId={r.subject.id} />
      </div>
      {action && <ActionDialog target={{ reportId: r.id, memberId: r.subject.id, memberName: subject }} initialAction={action} onClose={() => setAction(null)} />}
    </section>
  );
}

function EvidencePanel({ evidence, subjectId }: { evidence: ReportEvidence | null; subjectId: string }) {
  if (!evidence) {
    return (
      <section className="moderation-panel" aria-labelledby="evidence-heading">
        <h2 id="evidence-heading">Evidence</h2>
        <p>This report was filed before evidence was kept: there is no snapshot.</p>
      </section>
    );
  }
  const profileFields = Object.entries(evidence.profile ?? {}).filter(([, v]) => typeof v === 'string' || typeof v === 'number');
  return (
    <section className="moderation-panel" aria-labelledby="evidence-heading">
      <h2 id="evidence-heading">Evidence</h2>
      <p className="moderation-muted">Captured {at(evidence.captured_at)}</p>
      <h3>Profile as it was</h3>
      {profileFields.length === 0 ? <p>No profile snapshot.</p> : (
        <dl className="moderation-profile">
          {profileFields.map(([key, value]) => (
            <div key={key}><dt>{key.replaceAll('_', ' ')}</dt><dd>{String(value)}</dd></div>
          ))}
        </dl>
      )}
      {evidence.photos.length > 0 && (
        <>
          <h3>Photos</h3>
          <ul className="moderation-photos">
            {evidence.photos.map((photo, i) => (
              <li key={photo.id ?? photo.url}><img src={mediaUrl(photo.url)} alt={`Photo ${i + 1} of the reported member`} width={120} height={120} /></li>
            ))}
          </ul>
        </>
      )}
      <h3>Conversation</h3>
      {evidence.messages.length === 0 ? <p>No messages in the snapshot.</p> : (
        <ol className="moderation-conversation" aria-label="Conversation">
          {evidence.messages.map((m) => (
            <li
              key={m.id}
              className={`moderation-message${m.sender_id === subjectId ? ' moderation-message--subject' : ''}${m.reported ? ' moderation-message--reported' : ''}`}
              aria-current={m.reported ? 'true' : undefined}
            >
              <span className="moderation-message-meta">
                {m.sender_id === subjectId ? 'Reported member' : 'Reporter'} · {at(m.created_at)}
                {m.reported && <strong> · Reported message</strong>}
              </span>
              <span className="moderation-message-body">{m.body ?? '(no text)'}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function HistoryPanel({ history, subjectId }: { history: ReportDetail['history']; subjectId: string }) {
  return (
    <section className="moderation-panel" aria-labelledby="history-heading">
      <h2 id="history-heading">History</h2>
      <p>{history.strikes === 1 ? '1 strike' : `${history.strikes} strikes`}</p>
      <p><Link to={`/moderation/members/${encodeURIComponent(subjectId)}`}>Member record</Link></p>
      <h3>Reports against them</h3>
      {history.reports.length === 0 ? <p>None.</p> : (
        <ul className="moderation-history">
          {history.reports.map((rep) => (
            <li key={rep.id}>{reasonLabel(rep.reason)} · {rep.status} · {at(rep.created_at)}</li>
          ))}
        </ul>
      )}
      <h3>Past decisions</h3>
      {history.decisions.length === 0 ? <p>None.</p> : (
        <ul className="moderation-history">
          {history.decisions.map((d) => (
            <li key={d.id}>{d.action.replace('_', ' ')} · {d.reason_code.replace('_', ' ')} · {at(d.created_at)}{d.overturned ? ' · overturned' : ''}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
