import { AGE_LIMITS, GENDERS, PROVINCES, RELATIONSHIP_TYPES, vocabularyLabel } from '@linkup/contract';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useState, type FormEvent } from 'react';
import type { FeedFilterValues } from '@/features/feed/api/keys';

const AGES = Array.from({ length: AGE_LIMITS.max - AGE_LIMITS.min + 1 }, (_, i) => AGE_LIMITS.min + i);
const AGE_ORDER = 'The maximum age must not be below the minimum age.';
/** Issue 31: only posts of photo-verified members. */
const VERIFIED_ONLY_LABEL = 'Verified only';

/** How many feed filters are set. */
export const feedFilterCount = (filters: FeedFilterValues) => Object.values(filters).filter((v) => v !== undefined && v !== '').length;

interface FeedFiltersDialogProps {
  visible: boolean;
  value: FeedFilterValues;
  onApply: (filters: FeedFilterValues) => void;
  onHide: () => void;
}

/** The feed filters of spec §3 (gender, age range, city, province, relationship type) and verified only (issue 31) in a sheet. */
export function FeedFiltersDialog({ visible, value, onApply, onHide }: FeedFiltersDialogProps) {
  return (
    <Dialog header="Feed filters" visible={visible} onHide={onHide} position="bottom" className="feed-dialog" modal dismissableMask
      draggable={false} resizable={false} blockScroll>
      {visible && <FiltersForm value={value} onApply={onApply} />}
    </Dialog>
  );
}

function FiltersForm({ value, onApply }: { value: FeedFilterValues; onApply: (filters: FeedFilterValues) => void }) {
  const [draft, setDraft] = useState({
    gender: value.gender ?? '', ageMin: value.ageMin?.toString() ?? '', ageMax: value.ageMax?.toString() ?? '',
    province: value.province ?? '', city: value.city ?? '', relationshipType: value.relationshipType ?? '',
    verifiedOnly: value.verifiedOnly === 'true',
  });
  const [ageError, setAgeError] = useState<string | null>(null);
  const set = (key: Exclude<keyof typeof draft, 'verifiedOnly'>) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: event.target.value }));
  const cities = draft.province ? (PROVINCES[draft.province] ?? []) : Object.values(PROVINCES).flat();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.ageMin && draft.ageMax && Number(draft.ageMin) > Number(draft.ageMax)) {
      setAgeError(AGE_ORDER);
      return;
    }
    const next: FeedFilterValues = {};
    if (draft.gender) next.gender = draft.gender as NonNullable<FeedFilterValues['gender']>;
    if (draft.ageMin) next.ageMin = Number(draft.ageMin);
    if (draft.ageMax) next.ageMax = Number(draft.ageMax);
    if (draft.province) next.province = draft.province;
    if (draft.city && cities.includes(draft.city)) next.city = draft.city;
    if (draft.relationshipType) next.relationshipType = draft.relationshipType as NonNullable<FeedFilterValues['relationshipType']>;
    if (draft.verifiedOnly) next.verifiedOnly = 'true';
    onApply(next);
  };

  return (
    <form className="feed-form feed-filters" aria-label="Feed filters" onSubmit={submit} noValidate>
      <p className="field-hint">Anything left on “Any” follows your dating preferences.</p>
      <div className="field">
        <label htmlFor="feed-filter-gender">Show posts by</label>
        <select id="feed-filter-gender" className="feed-select" value={draft.gender} onChange={set('gender')}>
          <option value="">Any</option>
          {GENDERS.map((g) => <option key={g} value={g}>{vocabularyLabel(g)}</option>)}
        </select>
      </div>
      <div className="feed-form-row">
        <div className="field">
          <label htmlFor="feed-filter-age-min">Minimum age</label>
          <select id="feed-filter-age-min" className="feed-select" value={draft.ageMin} onChange={set('ageMin')}
            aria-invalid={Boolean(ageError)} aria-describedby={ageError ? 'feed-filter-age-error' : undefined}>
            <option value="">Any</option>
            {AGES.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="feed-filter-age-max">Maximum age</label>
          <select id="feed-filter-age-max" className="feed-select" value={draft.ageMax} onChange={set('ageMax')}>
            <option value="">Any</option>
            {AGES.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
        </div>
      </div>
      {ageError && <small id="feed-filter-age-error" className="field-error">{ageError}</small>}
      <div className="field">
        <label htmlFor="feed-filter-province">Province</label>
        <select id="feed-filter-province" className="feed-select" value={draft.province} onChange={set('province')}>
          <option value="">Any</option>
          {Object.keys(PROVINCES).map((p) => <option key={p} value={p}>{p}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor="feed-filter-city">City</label>
        <select id="feed-filter-city" className="feed-select" value={draft.city} onChange={set('city')}>
          <option value="">Any</option>
          {cities.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor="feed-filter-relationship">Relationship type</label>
        <select id="feed-filter-relationship" className="feed-select" value={draft.relationshipType} onChange={set('relationshipType')}>
          <option value="">Any</option>
          {RELATIONSHIP_TYPES.map((r) => <option key={r} value={r}>{vocabularyLabel(r)}</option>)}
        </select>
      </div>
      <label className="checkbox-row" htmlFor="feed-filter-verified">
        <input id="feed-filter-verified" type="checkbox" checked={draft.verifiedOnly}
          onChange={(event) => setDraft((d) => ({ ...d, verifiedOnly: event.target.checked }))} />
        <span>{VERIFIED_ONLY_LABEL}</span>
      </label>
      <div className="feed-form-actions">
        <Button type="button" label="Clear" className="p-button-text feed-button-text"
          onClick={() => setDraft({ gender: '', ageMin: '', ageMax: '', province: '', city: '', relationshipType: '', verifiedOnly: false })} />
        <Button type="submit" label="Show posts" icon="pi pi-check" className="feed-button-primary" />
      </div>
    </form>
  );
}
