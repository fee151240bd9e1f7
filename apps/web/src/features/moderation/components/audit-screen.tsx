import { useState } from 'react';
import { Loading, LoadFailed } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { useAudit } from '@/features/moderation/api/get-audit';
import { Pager } from '@/features/moderation/components/pager';
import { DISPLAY_LOCALE } from '@/lib/format';

const timeFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { dateStyle: 'medium', timeStyle: 'short' });

/** The append-only audit log (issue 30), paged: who did what, when, why. */
export function AuditScreen({ title }: { title: string }) {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);
  return (
    <section className="moderation-page">
      <PageHeader title={title} subtitle="Every decision, role change and release. Entries are never changed or deleted." />
      {audit.isPending ? <Loading label="Loading the audit log" /> : audit.isError ? <LoadFailed what="The audit log" onRetry={() => void audit.refetch()} /> : (
        <table className="moderation-table">
          <caption className="sr-only">Audit log, page {page}</caption>
          <thead>
            <tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Who</th><th scope="col">Member</th><th scope="col">Rule</th><th scope="col">Statement</th></tr>
          </thead>
          <tbody>
            {audit.data.items.map((e) => (
              <tr key={e.id}>
                <td><time dateTime={e.created_at}>{timeFormat.format(new Date(e.created_at))}</time></td>
                <td>{e.action.replaceAll('_', ' ')}{e.target ? ` (${e.target})` : ''}</td>
                <td>{e.actor_id ?? 'automatic'}</td>
                <td>{e.subject_id ?? '—'}</td>
                <td>{e.reason_code?.replaceAll('_', ' ') ?? '—'}</td>
                <td className="moderation-table-statement">{e.statement ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager pagination={audit.data?.pagination} page={page} onPage={setPage} label="Audit log pages" />
    </section>
  );
}
