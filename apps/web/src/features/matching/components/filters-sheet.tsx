import { AGE_LIMITS, DISTANCE_CHOICES_KM, GENDERS, PROVINCES, vocabularyLabel } from '@linkup/contract';
import { Button } from '@/components/button';
import { Dialog } from '@/components/dialog';
import { useState, type FormEvent } from 'react';
import type { DiscoverFilters } from '@/features/matching/api/keys';

const AGES = Array.from({ length: AGE_LIMITS.max - AGE_LIMITS.min + 1 }, (_, i) => AGE_LIMITS.min + i);
const AGE_ORDER_ERROR = 'The maximum age must not be below the minimum age.';
/** Issue 31: only photo-verified members. */
const VERIFIED_ONLY_LABEL = 'Verified only';

interface FiltersSheetProps {
  visible: boolean;
  value: DiscoverFilters;
  onApply: (filters: DiscoverFilters) => void;
  onHide: () => void;
}

/** How many filters are set (for the Filters button's badge). */
export const activeFilterCount = (filters: DiscoverFilters) => Object.values(filters).filter((v) => v !== undefined && v !== '').length;

/** The discover filters as a bottom sheet: who, age, distance, where and verified only. "Any" uses my dating preferences. */
export function FiltersSheet({ visible, value, onApply, onHide }: FiltersSheetProps) {
  return (
    <Dialog
      header="Filters"
      visible={visible}
      onHide={onHide}
      position="bottom"
      className="match-dialog filters-sheet"
      modal
      dismissableMask
      draggable={false}
      resizable={false}
      blockScroll
    >
      {/* Mounted afresh on every opening, so it starts from the filters in use. */}
      {visible && <FiltersForm value={value} onApply={onApply} />}
    </Dialog>
  );
}

const text = (v: string | number | undefined) => (v === undefined ? '' : String(v));

function FiltersForm({ value, onApply }: { value: DiscoverFilters; onApply: (filters: DiscoverFilters) => void }) {
  const [gender, setGender] = useState(text(value.gender));
  const [ageMin, setAgeMin] = useState(text(value.age_min));
  const [ageMax, setAgeMax] = useState(text(value.age_max));
  const [distance, setDistance] = useState(text(value.distance));
  const [province, setProvince] = useState(text(value.province));
  const [city, setCity] = useState(text(value.city));
  const [verifiedOnly, setVerifiedOnly] = useState(value.verified_only === 'true');
  const [ageError, setAgeError] = useState<string | null>(null);
  const cities = province ? (PROVINCES[province] ?? []) : [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ageMin && ageMax && Number(ageMin) > Number(ageMax)) {
      setAgeError(AGE_ORDER_ERROR);
      return;
    }
    const filters: DiscoverFilters = {};
    if (gender) filters.gender = gender as NonNullable<DiscoverFilters['gender']>;
    if (ageMin) filters.age_min = Number(ageMin);
    if (ageMax) filters.age_max = Number(ageMax);
    if (distance) filters.distance = Number(distance);
    if (province) filters.province = province;
    if (province && city) filters.city = city;
    if (verifiedOnly) filters.verified_only = 'true';
    onApply(filters);
  };

  return (
    <form className="filters-form" aria-label="Discover filters" onSubmit={submit} noValidate>
      <p className="field-hint">Anything left on “Any” follows your dating preferences.</p>
      <div className="field">
        <label htmlFor="filter-gender">Show me</label>
        <select id="filter-gender" className="match-select" value={gender} onChange={(e) => setGender(e.target.value)}>
          <option value="">Any</option>
          {GENDERS.map((g) => <option key={g} value={g}>{vocabularyLabel(g)}</option>)}
        </select>
      </div>
      <fieldset className="filters-ages" aria-describedby={ageError ? 'filter-age-error' : undefined}>
        <legend>Age</legend>
        <div className="field">
          <label htmlFor="filter-age-min">Minimum age</label>
          <select id="filter-age-min" className="match-select" value={ageMin} aria-invalid={ageError ? true : undefined}
            onChange={(e) => { setAgeMin(e.target.value); setAgeError(null); }}>
            <option value="">Any</option>
            {AGES.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-age-max">Maximum age</label>
          <select id="filter-age-max" className="match-select" value={ageMax} aria-invalid={ageError ? true : undefined}
            onChange={(e) => { setAgeMax(e.target.value); setAgeError(null); }}>
            <option value="">Any</option>
            {AGES.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
        </div>
        {ageError && <p id="filter-age-error" className="field-error" role="alert">{ageError}</p>}
      </fieldset>
      <div className="field">
        <label htmlFor="filter-distance">Distance</label>
        <select id="filter-distance" className="match-select" value={distance} onChange={(e) => setDistance(e.target.value)}>
          <option value="">Any distance</option>
          {DISTANCE_CHOICES_KM.map((km) => <option key={km} value={km}>Within {km} km</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-province">Province</label>
        <select id="filter-province" className="match-select" value={province} onChange={(e) => { setProvince(e.target.value); setCity(''); }}>
          <option value="">Any province</option>
          {Object.keys(PROVINCES).map((p) => <option key={p} value={p}>{p}</option>)}
        </select>
      </div>
      <div className="field">
        <label htmlFor="filter-city">City</label>
        <select id="filter-city" className="match-select" value={city} disabled={!province} onChange={(e) => setCity(e.target.value)}>
          <option value="">{province ? 'Any city' : 'Choose a province first'}</option>
          {cities.map((c) => <option key={c} value={c}>{c}</option>)}
        </select>
      </div>
      <label className="checkbox-row" htmlFor="filter-verified">
        <input id="filter-verified" type="checkbox" checked={verifiedOnly} onChange={(e) => setVerifiedOnly(e.target.checked)} />
        <span>{VERIFIED_ONLY_LABEL}</span>
      </label>
      <div className="filters-actions">
        <Button type="button" label="Clear filters" className="match-button match-button--ghost" onClick={() => onApply({})} />
        <Button type="submit" label="Show results" icon="pi pi-check" className="match-button" />
      </div>
    </form>
  );
}
