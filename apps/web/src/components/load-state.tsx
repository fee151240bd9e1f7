import { Button } from 'primereact/button';
import { ProgressSpinner } from 'primereact/progressspinner';

/** While a page's data loads: a spinner, and `label` for screen readers. */
export function Loading({ label }: { label: string }) {
  return (
    <div className="load-state" role="status">
      <ProgressSpinner style={{ width: 36, height: 36 }} strokeWidth="4" aria-hidden="true" />
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
