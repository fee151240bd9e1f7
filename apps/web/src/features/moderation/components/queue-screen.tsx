import {
  QUEUE_KINDS,
  QUEUE_STATUSES,
  REPORT_REASON_LABELS,
  type ModerationAction,
  type QueueItem,
  type QueueKind,
  type QueueStatus,
  type ReportReason,
} from '@linkup/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/button';
import { Loading, LoadFailed } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { useQueue } from '@/features/moderation/api/get-queue';
import { ActionDialog, type ActionTarget } from '@/features/moderation/components/action-dialog';
import { ACTION_KEYS } from '@/features/moderation/statement';
import { DISPLAY_LOCALE } from '@/lib/format';

const KIND_LABELS: Record<QueueKind, string> = { report: 'Reports', held: 'Held messages', appeal: 'Appeals', verification: 'Verifications' };
const STATUS_LABELS: Record<QueueStatus, string> = { open: 'Open', closed: 'Closed' };
const timeFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** The reasons of queue items that are not reports: a borderline photo verification (issue 31). */
const OTHER_REASON_LABELS: Readonly<Record<string, string>> = {
  verification: 'Borderline photo verification',
  verification_underage_suspected: 'Photo verification: may be under 18',
};
export const reasonLabel = (reason: string) =>
  Object.hasOwn(REPORT_REASON_LABELS, reason) ? REPORT_REASON_LABELS[reason as ReportReason]
    : Object.hasOwn(OTHER_REASON_LABELS, reason) ? OTHER_REASON_LABELS[reason]! : reason.replace('_', ' ');
export const memberName = (m: { name: string | null; id: string }) => m.name ?? `Deleted member ${m.id}`;

/** Where Enter leads for an item of each kind. */
function itemPath(item: QueueItem): string {
  if (item.kind === 'report') return `/moderation/reports/${encodeURIComponent(item.id)}`;
  if (item.kind === 'verification') return `/moderation/verifications/${encodeURIComponent(item.id)}`;
  return item.kind === 'appeal' ? '/moderation/appeals' : '/moderation/held-messages';
}

/** Typing in a field is not a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/**
 * The moderators' queue (issue 30): filters by kind and status, items by priority then age.
 * Keyboard: j/k move, Enter opens, d/w/r/s/b open the action dialog (which asks to confirm).
 */
export function QueueScreen({ title }: { title: string }) {
  const [kind, setKind] = useState<QueueKind>('report');
  const [status, setStatus] = useState<QueueStatus>('open');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState(0);
  const [dialog, setDialog] = useState<{ target: ActionTarget; action: ModerationAction } | null>(null);
  const queue = useQueue({ kind, status, page });
  const navigate = useNavigate();
  const items = queue.data?.items ?? [];
  const listRef = useRef<HTMLUListElement>(null);
  const current = items[Math.min(selected, items.length - 1)];

  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (dialog || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target) || items.length === 0) return;
      if (event.target instanceof HTMLElement && event.target.closest('[role="dialog"]')) return;
      const key = event.key;
      if (key === 'j' || key === 'k') {
        event.preventDefault();
        setSelected((s) => Math.max(0, Math.min(items.length - 1, s + (key === 'j' ? 1 : -1))));
      } else if (key === 'Enter' && current && !(event.target instanceof HTMLButtonElement || event.target instanceof HTMLAnchorElement)) {
        event.preventDefault();
        void navigate(itemPath(current));
      } else if (Object.hasOwn(ACTION_KEYS, key) && current?.kind === 'report' && status === 'open') {
        event.preventDefault();
        setDialog({ target: { reportId: current.id, memberId: current.subject.id, memberName: memberName(current.subject) }, action: ACTION_KEYS[key]! });
      }
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [dialog, items.length, current, navigate, status]);

  useEffect(() => {
    listRef.current?.querySelector<HTMLElement>('[aria-current="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [selected]);

  const pagination = queue.data?.pagination;
  return (
    <section className="moderation-page">
      <PageHeader title={title} subtitle="j / k move · Enter opens · d dismiss · w warn · r remove content · s suspend · b ban" />
      <div className="moderation-filters">
        <div className="field">
          <label htmlFor="queue-kind">Kind</label>
          <select id="queue-kind" className="p-inputtext" value={kind} onChange={(e) => { setKind(e.target.value as QueueKind); setPage(1); setSelected(0); }}>
            {QUEUE_KINDS.map((k) => <option key={k} value={k}>{KIND_LABELS[k]}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="queue-status">Status</label>
          <select id="queue-status" className="p-inputtext" value={status} onChange={(e) => { setStatus(e.target.value as QueueStatus); setPage(1); setSelected(0); }}>
            {QUEUE_STATUSES.map((s) => <option key={s} value={s}>{STATUS_LABELS[s]}</option>)}
          </select>
        </div>
      </div>
      {queue.isPending ? (
        <Loading label="Loading the queue" />
      ) : queue.isError ? (
        <LoadFailed what="The queue" onRetry={() => void queue.refetch()} />
      ) : items.length === 0 ? (
        <p className="moderation-empty">Nothing here.</p>
      ) : (
        <ul ref={listRef} className="moderation-queue" aria-label="Queue">
          {items.map((item, index) => (
            <li key={`${item.kind}-${item.id}`} className={`moderation-queue-item moderation-priority--${item.priority}`} aria-current={index === selected ? 'true' : undefined}>
              <a href={itemPath(item)} onClick={(e) => { e.preventDefault(); setSelected(index); void navigate(itemPath(item)); }} className="moderation-queue-link">
                <span className="moderation-badge">{item.priority}</span>
                <span className="moderation-queue-subject">{memberName(item.subject)}</span>
                <span>{reasonLabel(item.reason)}</span>
                <span>{item.reports_count === 1 ? '1 open report' : `${item.reports_count} open reports`}</span>
                <span>{item.reporter ? `by ${memberName(item.reporter)}` : ''}</span>
                <time dateTime={item.created_at}>{timeFormat.format(new Date(item.created_at))}</time>
              </a>
            </li>
          ))}
        </ul>
      )}
      {pagination && pagination.last_page > 1 && (
        <nav className="moderation-pager" aria-label="Queue pages">
          <Button type="button" label="Previous" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} />
          <span>Page {pagination.current_page} of {pagination.last_page}</span>
          <Button type="button" label="Next" disabled={page >= pagination.last_page} onClick={() => setPage((p) => p + 1)} />
        </nav>
      )}
      {dialog && <ActionDialog target={dialog.target} initialAction={dialog.action} onClose={() => setDialog(null)} />}
    </section>
  );
}
