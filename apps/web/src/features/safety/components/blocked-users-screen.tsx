import '@/features/safety/safety.css';
import { SAFETY_MESSAGES, friendlyMessage, type BlockedMember } from '@linkup/contract';
import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';
import { toast } from '@/lib/toast';
import { useBlocks } from '@/features/safety/api/get-blocks';
import { useUnblockMember } from '@/features/safety/api/unblock-member';
import { PageHeader } from '@/components/page-header';
import { isApiClientError, serverMessageOr } from '@/lib/api-client';
import { confirmDialog } from '@/lib/dialogs';
import { DISPLAY_LOCALE, initials } from '@/lib/format';
import { mediaUrl } from '@/lib/media-url';

export const BLOCKED_TEXTS = {
  subtitle: "People you block can't see your profile or message you, and you won't see them.",
  listLabel: 'Blocked members',
  loading: 'Loading blocked members',
  loadFailed: 'Your blocked members could not be loaded.',
  tryAgain: 'Try again',
  emptyTitle: "You haven't blocked anyone",
  emptyText: 'When you block someone from their profile, they are listed here.',
  unblock: 'Unblock',
  unblockTitle: (name: string) => `Unblock ${name}?`,
  unblockText: 'You will be able to see each other again, and your conversation comes back.',
  showMore: 'Show more',
  blockedOn: (date: string) => `Blocked on ${date}`,
} as const;

const dateFormat = new Intl.DateTimeFormat(DISPLAY_LOCALE, { month: 'short', day: 'numeric', year: 'numeric' });
const blockedOn = (iso: string) => BLOCKED_TEXTS.blockedOn(dateFormat.format(new Date(iso)));

/** /app/blocked-users: the members I blocked, each with Unblock (after a confirmation). */
export function BlockedUsersScreen({ title }: { title: string }) {
  const blocks = useBlocks();
  const members = blocks.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <section className="safety-page">
      <PageHeader title={title} subtitle={BLOCKED_TEXTS.subtitle} />
      {blocks.isPending ? (
        <div className="safety-state" role="status">
          <Spinner size={36} />
          <span className="sr-only">{BLOCKED_TEXTS.loading}</span>
        </div>
      ) : blocks.isError && members.length === 0 ? (
        <div className="safety-state" role="alert">
          <p>{BLOCKED_TEXTS.loadFailed}</p>
          <Button type="button" label={BLOCKED_TEXTS.tryAgain} icon="pi pi-refresh" className="safety-button-text" onClick={() => void blocks.refetch()} />
        </div>
      ) : members.length === 0 ? (
        <div className="safety-empty">
          <span className="safety-empty-icon" aria-hidden="true">
            <i className="pi pi-shield" />
          </span>
          <h2 className="safety-empty-title">{BLOCKED_TEXTS.emptyTitle}</h2>
          <p className="safety-empty-text">{BLOCKED_TEXTS.emptyText}</p>
        </div>
      ) : (
        <>
          <ul className="safety-list" aria-label={BLOCKED_TEXTS.listLabel}>
            {members.map((member) => (
              <BlockedRow key={member.id} member={member} />
            ))}
          </ul>
          {blocks.hasNextPage && (
            <Button
              type="button"
              label={BLOCKED_TEXTS.showMore}
              className="safety-button-text safety-more"
              loading={blocks.isFetchingNextPage}
              onClick={() => void blocks.fetchNextPage()}
            />
          )}
        </>
      )}
    </section>
  );
}

function BlockedRow({ member }: { member: BlockedMember }) {
  const unblock = useUnblockMember();
  const confirmUnblock = async () => {
    if (!(await confirmDialog(BLOCKED_TEXTS.unblockTitle(member.name), BLOCKED_TEXTS.unblockText, { confirmLabel: BLOCKED_TEXTS.unblock }))) return;
    unblock.mutate(member.id, {
      onSuccess: (message) => toast.success(message ?? SAFETY_MESSAGES.unblocked),
      onError: (error) => toast.error(serverMessageOr(error, isApiClientError(error) ? friendlyMessage(error) : friendlyMessage({ status: 500 }))),
    });
  };

  return (
    <li className="safety-row">
      {member.photo ? (
        <img className="safety-avatar" src={mediaUrl(member.photo)} alt="" />
      ) : (
        <span className="safety-avatar safety-avatar--initials" aria-hidden="true">{initials(member.name)}</span>
      )}
      <div className="safety-row-text">
        <span className="safety-row-name">{member.name}</span>
        <span className="safety-row-date">{blockedOn(member.blocked_at)}</span>
      </div>
      <Button
        type="button"
        label={BLOCKED_TEXTS.unblock}
        aria-label={`${BLOCKED_TEXTS.unblock} ${member.name}`}
        className="safety-button-outline"
        loading={unblock.isPending}
        onClick={() => void confirmUnblock()}
      />
    </li>
  );
}
