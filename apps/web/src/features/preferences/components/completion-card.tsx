import { ProgressBar } from '@/components/progress-bar';
import { useCompletionStatus } from '@/features/preferences/api/get-completion-status';

/** How complete the member's preferences are, and what is still missing (nothing when complete). */
export function PreferencesCompletionCard() {
  const { data } = useCompletionStatus();
  if (!data || data.completed) return null;
  return (
    <section className="prefs-card prefs-completion" aria-labelledby="prefs-completion-title">
      <h2 id="prefs-completion-title" className="prefs-card-title">Your preferences are {data.percentage}% complete</h2>
      <ProgressBar value={data.percentage} showValue={false} aria-label="Preferences completion" className="prefs-progress" />
      <ul className="prefs-missing">
        {data.missing.map((item) => (
          <li key={item.key}><i className="pi pi-circle" aria-hidden="true" /> {item.label}</li>
        ))}
      </ul>
    </section>
  );
}
