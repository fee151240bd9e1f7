import { useState } from 'react';
import { Button } from '@/components/button';
import { Loading, LoadFailed } from '@/components/load-state';
import { PageHeader } from '@/components/page-header';
import { useDecideHeldMessage } from '@/features/moderation/api/decide-held-message';
import { useHeldMessages } from '@/features/moderation/api/get-held-messages';
import { Pager } from '@/features/moderation/components/pager';
import { memberName } from '@/features/moderation/components/queue-screen';
import { callErrorMessage } from '@/lib/api-client';
import { confirmDialog } from '@/lib/dialogs';
import { DISPLAY_LOCALE } from '@/lib/format';
import { toast } from '@/lib/toast';

const timeFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** First messages the filter held (issue 30): release to the recipient, or reject. */
export function HeldMessagesScreen({ title }: { title: string }) {
  const [page, setPage] = useState(1);
  const held = useHeldMessages(page);
  const decide = useDecideHeldMessage();

  async function act(id: string, verdict: 'release' | 'reject', who: string) {
    const question = verdict === 'release'
      ? confirmDialog(`Release the message to ${who}?`, 'It is delivered as if it had never been held.', { confirmLabel: 'Release' })
      : confirmDialog('Reject this message?', 'It is never delivered.', { destructive: true, confirmLabel: 'Reject' });
    if (!(await question)) return;
    decide.mutate({ id, verdict }, {
      onSuccess: () => toast.success(verdict === 'release' ? 'Message released.' : 'Message rejected.'),
      onError: (e) => toast.error(callErrorMessage(e, 'The message could not be updated.')),
    });
  }

  return (
    <section className="moderation-page">
      <PageHeader title={title} />
      {held.isPending ? <Loading label="Loading held messages" /> : held.isError ? <LoadFailed what="Held messages" onRetry={() => void held.refetch()} /> : held.data.items.length === 0 ? (
        <p className="moderation-empty">No held messages.</p>
      ) : (
        <ul className="moderation-cards" aria-label="Held messages">
          {held.data.items.map((m) => (
            <li key={m.id} className="moderation-card">
              <p className="moderation-muted">{memberName(m.sender)} to {memberName(m.recipient)} · <time dateTime={m.created_at}>{timeFormat.format(new Date(m.created_at))}</time></p>
              <blockquote className="moderation-quote">{m.body ?? '(no text)'}</blockquote>
              <div className="moderation-dialog-actions">
                <Button type="button" label="Release" aria-label={`Release the message from ${memberName(m.sender)}`} onClick={() => void act(m.id, 'release', memberName(m.recipient))} />
                <Button type="button" label="Reject" aria-label={`Reject the message from ${memberName(m.sender)}`} className="p-button-danger p-button-outlined" onClick={() => void act(m.id, 'reject', memberName(m.recipient))} />
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pager pagination={held.data?.pagination} page={page} onPage={setPage} label="Held message pages" />
    </section>
  );
}
