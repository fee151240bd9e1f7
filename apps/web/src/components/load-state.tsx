import { Button } from '@/components/button';
import { Spinner } from '@/components/spinner';

/** While a page's data loads: a spinner, and `label` for screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="load-state" role="status">
      <Spinner size={36} />
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** The data could not be loaded: say what ('Your settings'), and offer to try again. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="load-state load-state--failed" role="alert">
      <p>{what} could not be loaded.</p>
      <Button type="button" label="Try again" icon="pi pi-refresh" className="p-button-outlined p-button-rounded" onClick={onRetry} />
    </div>
  );
}
