import '@/features/help/help.css';
import type { ReactNode } from 'react';

/** When the privacy policy and terms last changed (shown on both pages). */
export const LEGAL_LAST_UPDATED = '2026-11-22';

function formatDate(iso: string): string {
  return new Date(`${iso}T12:00:00Z`).toLocaleDateString('en-ZA', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/**
 * Where a legal text is shown: inside the app (`/app/privacy-policy`, `/app/terms`), in a card of
 * its own, or on its public page (`/privacy`, `/terms`), inside that page's card, linking to the
 * other public text.
 */
export type LegalPlace = 'app' | 'public';

/** A legal text: its "Last updated" line, then its sections. */
export function LegalDocument({ place = 'app', children }: { place?: LegalPlace; children: ReactNode }) {
  return (
    <article className={place === 'app' ? 'panel-card legal' : 'legal'}>
      <p className="legal-updated">
        Last updated: <time dateTime={LEGAL_LAST_UPDATED}>{formatDate(LEGAL_LAST_UPDATED)}</time>
      </p>
      {children}
    </article>
  );
}
