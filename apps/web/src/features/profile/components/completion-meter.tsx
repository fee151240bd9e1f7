import type { ProfileCompletion } from '@linkup/contract';
import { ProgressBar } from '@/components/progress-bar';
import { Link } from 'react-router';
import { completionLink } from '@/features/profile/components/labels';

export interface ProfilePaths {
  edit: string;
  photos: string;
  interests: string;
}

/** How complete my profile is, and a link to fix each missing item. */
export function CompletionMeter({ completion, paths }: { completion: ProfileCompletion; paths: ProfilePaths }) {
  const { percentage, missing } = completion;
  return (
    <section className="profile-card completion-meter" aria-labelledby="completion-title">
      <div className="completion-head">
        <h2 id="completion-title" className="profile-card-title">Profile completion</h2>
        <span className="completion-value">{percentage}%</span>
      </div>
      <ProgressBar value={percentage} showValue={false} aria-label="Profile completion" aria-valuetext={`${percentage}% complete`} className="completion-bar" />
      {missing.length === 0 ? (
        <p className="completion-done"><i className="pi pi-check-circle" aria-hidden="true" /> Your profile is complete.</p>
      ) : (
        <>
          <p className="field-hint">Complete profiles get more matches. Still missing:</p>
          <ul className="completion-missing">
            {missing.map((item) => (
              <li key={item.field}>
                <Link to={completionLink(item.field, paths)} className="text-link">
                  <i className="pi pi-plus-circle" aria-hidden="true" /> {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
