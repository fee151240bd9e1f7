import type { Pagination } from '@linkup/contract';
import { Button } from '@/components/button';

/** Previous / next for a paged console list. */
export function Pager({ pagination, page, onPage, label }: { pagination: Pagination | undefined; page: number; onPage: (page: number) => void; label: string }) {
  if (!pagination || pagination.last_page <= 1) return null;
  return (
    <nav className="moderation-pager" aria-label={label}>
      <Button type="button" label="Previous" disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <span>Page {pagination.current_page} of {pagination.last_page}</span>
      <Button type="button" label="Next" disabled={page >= pagination.last_page} onClick={() => onPage(page + 1)} />
    </nav>
  );
}
