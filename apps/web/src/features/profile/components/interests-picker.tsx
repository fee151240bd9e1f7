import '@/features/profile/profile.css';
import { PROFILE_MESSAGES, type InterestCatalogue } from '@linkup/contract';
import { Button } from '@/components/button';
import { useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { useInterestCatalogue } from '@/features/profile/api/get-interest-catalogue';
import { useProfile } from '@/features/profile/api/get-profile';
import { useSaveInterests } from '@/features/profile/api/save-interests';
import { LoadFailed, Loading } from '@/components/load-state';
import { FormMessage } from '@/components/form-field';
import { isApiClientError } from '@/lib/api-client';

export const INTEREST_TEXTS = {
  intro: 'Pick what you love doing. Members with shared interests are shown to you first.',
  saveFailed: 'Your interests could not be saved.',
  atLimit: (max: number) => `You have picked ${max}, the most you can. Remove one to pick another.`,
} as const;

export interface InterestsPickerProps {
  submitLabel?: string;
  /** Called after the server saved the member's interests. */
  onSaved?: (interests: string[]) => void;
  /** The picker's own introduction; off where the page already says it (the onboarding step). */
  showIntro?: boolean;
}

/** The interest catalogue as toggle chips, with a counter and the limit enforced (`PUT /profile/interests`). */
export function InterestsPicker(props: InterestsPickerProps) {
  const catalogue = useInterestCatalogue();
  const profile = useProfile();
  if (catalogue.isError || profile.isError) {
    return <LoadFailed what="Interests" onRetry={() => void Promise.all([catalogue.refetch(), profile.refetch()])} />;
  }
  if (!catalogue.data || !profile.data) return <Loading label="Loading interests" />;
  return <InterestsPickerBody {...props} catalogue={catalogue.data} initial={profile.data.interests} />;
}

function InterestsPickerBody({ catalogue, initial, submitLabel = 'Save interests', onSaved, showIntro = true }: InterestsPickerProps & {
  catalogue: InterestCatalogue; initial: string[];
}) {
  const [selected, setSelected] = useState<string[]>(initial);
  const [error, setError] = useState<string | null>(null);
  const save = useSaveInterests();
  const atLimit = selected.length >= catalogue.max;

  const toggle = (name: string) => {
    setError(null);
    setSelected((current) => (current.includes(name) ? current.filter((n) => n !== name) : current.length >= catalogue.max ? current : [...current, name]));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      const { interests, message } = await save.mutateAsync(selected);
      toast.success(message ?? PROFILE_MESSAGES.interestsSaved);
      onSaved?.(interests);
    } catch (err) {
      toast.error(INTEREST_TEXTS.saveFailed);
      setError(isApiClientError(err) ? (err.errors?.interests?.[0] ?? err.serverMessage ?? err.message) : INTEREST_TEXTS.saveFailed);
    }
  }

  return (
    <form className="interests-picker" aria-label="Interests" onSubmit={(e) => void handleSubmit(e)} noValidate>
      {showIntro && <p className="field-hint">{INTEREST_TEXTS.intro}</p>}
      <p className="interests-counter" aria-live="polite">
        <strong>{selected.length}</strong> of {catalogue.max} selected
      </p>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <ul className="interest-chips" aria-label="Interest catalogue">
        {catalogue.interests.map(({ id, name }) => {
          const on = selected.includes(name);
          return (
            <li key={id}>
              <button type="button" className={`interest-chip${on ? ' is-selected' : ''}`} aria-pressed={on} disabled={!on && atLimit} onClick={() => toggle(name)}>
                {on && <i className="pi pi-check" aria-hidden="true" />}
                {name}
              </button>
            </li>
          );
        })}
      </ul>
      {atLimit && <p className="field-hint">{INTEREST_TEXTS.atLimit(catalogue.max)}</p>}
      <Button type="submit" label={submitLabel} icon="pi pi-check" className="profile-button-primary" loading={save.isPending} />
    </form>
  );
}
