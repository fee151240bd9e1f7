import type { ReactNode } from 'react';

/** Nothing to show yet, with one thing to do about it. */
export function EmptyState({ icon, title, text, children }: { icon: string; title: string; text: string; children?: ReactNode }) {
  return (
    <div className="match-empty">
      <span className="match-empty-icon" aria-hidden="true"><i className={`pi ${icon}`} /></span>
      <h2 className="match-empty-title">{title}</h2>
      <p className="match-empty-text">{text}</p>
      {children && <div className="match-empty-actions">{children}</div>}
    </div>
  );
}
