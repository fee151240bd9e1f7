import '@/features/chat/requests.css';
import { CHAT_REQUEST_MESSAGES } from '@linkup/contract';
import { Link } from 'react-router';
import { useRequests } from '@/features/chat/api/get-requests';
import { useRequestsLive } from '@/features/chat/hooks/use-requests-live';

/**
 * The Messages screen's "Requests (n)" entry (issue 29): shown while message requests wait, and
 * leading to them. Quiet: a request never counts in the unread badges.
 */
export function RequestsEntry({ to }: { to: string }) {
  const requests = useRequests();
  useRequestsLive();
  const count = requests.data?.pages[0]?.pagination.total ?? 0;
  if (count === 0) return null;
  return (
    <Link to={to} className="requests-entry" data-testid="requests-entry">
      <i className="pi pi-inbox" aria-hidden="true" />
      <span className="requests-entry-label">{CHAT_REQUEST_MESSAGES.requestsEntry(count)}</span>
      <i className="pi pi-angle-right" aria-hidden="true" />
    </Link>
  );
}
