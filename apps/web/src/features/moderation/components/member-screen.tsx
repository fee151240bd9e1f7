import { MODERATION_ACTIONS, type ModerationAction } from '@linkup/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button';
import { Loading, LoadFailed } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { useModerationMember } from '@/features/moderation/api/get-member';
import { ActionDialog } from '@/features/moderation/components/action-dialog';
import { RoleEditor } from '@/features/moderation/components/role-editor';
import { memberName, reasonLabel } from '@/features/moderation/components/queue-screen';
import { ACTION_LABELS } from '@/features/moderation/statement';
import { DISPLAY_LOCALE } from '@/lib/format';

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'short', day: 'numeric', year: 'numeric' });
const on = (iso: string) => dateFormat.format(new Date(iso));

/** A member's record (issue 30): standing, strikes, reports against and filed, decisions; actions without a report. */
export function MemberScreen({ memberId, title, isAdmin = false }: { memberId: string; title: string; isAdmin?: boolean }) {
  const record = useModerationMember(memberId);
  const [action, setAction] = useState<ModerationAction | null>(null);
  if (record.isPending || record.isError) {
    return (
      <section className="moderation-page">
        <PageHeader title={title} />
        {record.isPending ? <Loading label="Loading the member" /> : <LoadFailed what="The member" onRetry={() => void record.refetch()} />}
      </section>
    );
  }
  const { member, roles, until, reports_against: against, reports_filed: filed, decisions } = record.data;
  const name = memberName(member);
  return (
    <section className="moderation-page">
      <PageHeader
        title={title}
        subtitle={`${name} · ${member.standing}${until ? ` until ${on(until)}` : ''} · ${member.strikes} strikes${member.false_reporter ? ' · flagged false reporter' : ''}${roles.length ? ` · ${roles.join(', ')}` : ''}`}
      />
      <div className="moderation-actions" role="group" aria-label="Actions">
        {MODERATION_ACTIONS.filter((a) => a !== 'dismiss').map((a) => (
          <Button key={a} type="button" label={ACTION_LABELS[a]} className="p-button-outlined" onClick={() => setAction(a)} />
        ))}
      </div>
      <div className="moderation-columns">
        <section className="moderation-panel" aria-labelledby="against-h">
          <h2 id="against-h">Reports against them</h2>
          {against.length === 0 ? <p>None.</p> : (
            <ul className="moderation-history">
              {against.map((r) => <li key={r.id}><Link to={`/moderation/reports/${encodeURIComponent(r.id)}`}>{reasonLabel(r.reason)}</Link> · {r.status} · {on(r.created_at)}</li>)}
            </ul>
          )}
          <h2>Reports they filed</h2>
          {filed.length === 0 ? <p>None.</p> : (
            <ul className="moderation-history">
              {filed.map((r) => <li key={r.id}>{reasonLabel(r.reason)} · {r.status} · {on(r.created_at)}</li>)}
            </ul>
          )}
        </section>
        <section className="moderation-panel" aria-labelledby="decisions-h">
          <h2 id="decisions-h">Decisions</h2>
          {decisions.length === 0 ? <p>None.</p> : (
            <ul className="moderation-history">
              {decisions.map((d) => <li key={d.id}>{d.action.replace('_', ' ')} · {on(d.created_at)}{d.overturned ? ' · overturned' : ''}<p className="moderation-preview-text">{d.statement}</p></li>)}
            </ul>
          )}
        </section>
      </div>
      {isAdmin && <RoleEditor key={roles.join(',')} memberId={member.id} roles={roles} />}
      {action && <ActionDialog target={{ reportId: null, memberId: member.id, memberName: name }} initialAction={action} onClose={() => setAction(null)} />}
    </section>
  );
}
