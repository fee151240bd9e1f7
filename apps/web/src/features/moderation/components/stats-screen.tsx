import { useState } from 'react';
import { Loading, LoadFailed } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { useStats } from '@/features/moderation/api/get-stats';

const isoDay = (day: string, end: boolean) => (day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}Z`).toISOString() : undefined);

function CountTable({ caption, counts }: { caption: string; counts: Record<string, number> }) {
  const rows = Object.entries(counts);
  return (
    <table className="moderation-table">
      <caption>{caption}</caption>
      <thead><tr><th scope="col">Kind</th><th scope="col">Count</th></tr></thead>
      <tbody>
        {rows.length === 0 ? <tr><td colSpan={2}>None</td></tr> : rows.map(([k, n]) => <tr key={k}><td>{k.replaceAll('_', ' ')}</td><td>{n}</td></tr>)}
      </tbody>
    </table>
  );
}

/** The transparency numbers (issue 30, DSA-style) for a period. */
export function StatsScreen({ title }: { title: string }) {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const stats = useStats(isoDay(from, false), isoDay(to, true));
  return (
    <section className="moderation-page">
      <PageHeader title={title} />
      <div className="moderation-filters">
        <div className="field"><label htmlFor="stats-from">From</label><input id="stats-from" type="date" className="p-inputtext" value={from} onChange={(e) => setFrom(e.target.value)} /></div>
        <div className="field"><label htmlFor="stats-to">To</label><input id="stats-to" type="date" className="p-inputtext" value={to} onChange={(e) => setTo(e.target.value)} /></div>
      </div>
      {stats.isPending ? <Loading label="Loading the numbers" /> : stats.isError ? <LoadFailed what="The numbers" onRetry={() => void stats.refetch()} /> : (
        <div className="moderation-columns">
          <CountTable caption="Reports by reason" counts={stats.data.reports_by_reason} />
          <CountTable caption="Actions by type" counts={stats.data.actions_by_type} />
          <dl className="moderation-profile">
            <div><dt>Median time to decision</dt><dd>{stats.data.median_hours_to_decision === null ? '—' : `${stats.data.median_hours_to_decision.toFixed(1)} hours`}</dd></div>
            <div><dt>Appeals</dt><dd>{stats.data.appeals.total} ({stats.data.appeals.upheld} upheld, {stats.data.appeals.overturned} overturned, {stats.data.appeals.open} open)</dd></div>
          </dl>
        </div>
      )}
    </section>
  );
}
