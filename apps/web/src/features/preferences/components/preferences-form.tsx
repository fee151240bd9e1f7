import '@/features/preferences/preferences.css';
import { PREFERENCE_FIELD_LABELS, PREFERENCE_MESSAGES, type Option, type PreferenceField, type PreferenceOptions, type PreferenceValues, type Preferences } from '@linkup/contract';
import { Button } from '@/components/button';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { usePreferenceOptions } from '@/features/preferences/api/get-preference-options';
import { usePreferences } from '@/features/preferences/api/get-preferences';
import { useResetPreferences } from '@/features/preferences/api/reset-preferences';
import { useSavePreferences } from '@/features/preferences/api/save-preferences';
import { AgeRange } from '@/features/preferences/components/age-range';
import { ChoiceChips } from '@/features/preferences/components/choice-chips';
import { DealbreakerSwitch } from '@/features/preferences/components/dealbreaker-switch';
import { LoadFailed, Loading } from '@/components/load-state';
import { FormMessage } from '@/components/form-field';
import { confirmDialog } from '@/lib/dialogs';
import { placeFailure, zodFormErrors, type FormErrors } from '@/lib/form-errors';
import { schemas } from '@/lib/schemas';

type FormField = keyof PreferenceValues;
type MultiField = 'genders' | 'relationship_types' | 'body_types' | 'drinking' | 'love_languages' | 'marital_statuses';

export const PREFERENCES_TEXTS = {
  saveFailed: 'Could not save your preferences.',
  resetFailed: 'Could not reset your preferences.',
  resetTitle: 'Reset your dating preferences?',
  resetText: 'Everything goes back to the defaults: anyone aged 18 to 35, at any distance.',
  dealbreakerHelp:
    'Turn on “Dealbreaker” for what someone must match to be shown to you. Everything else is a nice-to-have: people who match it are shown first.',
  anyHint: 'Choose none to be open to anyone.',
} as const;

/** Which form fields each dealbreaker switch covers, and where a server error lands. */
const MULTI_SECTIONS: { field: MultiField; strict: PreferenceField; options: keyof PreferenceOptions; hint?: string }[] = [
  { field: 'relationship_types', strict: 'relationship_types', options: 'relationship_types' },
  { field: 'body_types', strict: 'body_types', options: 'body_types' },
  { field: 'drinking', strict: 'drinking', options: 'drinking' },
  { field: 'love_languages', strict: 'love_languages', options: 'love_languages' },
  { field: 'marital_statuses', strict: 'marital_statuses', options: 'marital_statuses' },
];

interface PreferencesFormProps {
  /** Called after a successful save, with what the server kept. */
  onSaved?: (preferences: Preferences) => void;
  submitLabel?: string;
  /** Offer "Reset to defaults" (the preferences page; not during onboarding). */
  showReset?: boolean;
}

/**
 * Dating preferences: who, what age, how far, where, and the qualities that matter, each with a
 * Dealbreaker switch. Loads `GET /preferences` and `GET /preferences/options`, saves everything
 * with `PUT /preferences`; 422 field errors appear under their fields.
 */
export function PreferencesForm(props: PreferencesFormProps) {
  const preferences = usePreferences();
  const options = usePreferenceOptions();
  if (preferences.isError || options.isError) {
    return <LoadFailed what="Your preferences" onRetry={() => void Promise.all([preferences.refetch(), options.refetch()])} />;
  }
  if (!preferences.data || !options.data) return <Loading label="Loading your preferences" />;
  // A new key (after a reset or a save elsewhere) starts the form over from the stored values.
  return <PreferencesFormBody key={preferences.data.updated_at ?? 'defaults'} initial={preferences.data} options={options.data} {...props} />;
}

function valuesOf(p: Preferences): PreferenceValues {
  const { is_default: _d, updated_at: _u, location: _l, ...values } = p;
  return values;
}

function PreferencesFormBody({
  initial, options, onSaved, submitLabel = 'Save preferences', showReset = true,
}: PreferencesFormProps & { initial: Preferences; options: PreferenceOptions }) {
  const [values, setValues] = useState<PreferenceValues>(() => valuesOf(initial));
  const [errors, setErrors] = useState<FormErrors<FormField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const save = useSavePreferences();
  const reset = useResetPreferences();
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const idOf = (name: string) => `${baseId}-${name}`;

  const set = <K extends FormField>(key: K, value: PreferenceValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };
  const setStrict = (field: PreferenceField, on: boolean) =>
    set('strict_fields', on ? [...values.strict_fields.filter((f) => f !== field), field] : values.strict_fields.filter((f) => f !== field));

  function showErrors(next: FormErrors<FormField>) {
    setErrors(next);
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = (await schemas()).PutPreferencesBodySchema.safeParse(values);
    if (!parsed.success) {
      showErrors(zodFormErrors<FormField>(parsed.error));
      return;
    }
    setErrors({});
    try {
      const { data, message } = await save.mutateAsync(parsed.data);
      toast.success(message ?? PREFERENCE_MESSAGES.saved);
      onSaved?.(data);
    } catch (error) {
      // One message in place (issue 32 item 16): beside the fields, else the failure and why.
      const failure = placeFailure<FormField>(error, PREFERENCES_TEXTS.saveFailed);
      setFormError(failure.alert);
      showErrors(failure.fields);
    }
  }

  async function handleReset() {
    if (!(await confirmDialog(PREFERENCES_TEXTS.resetTitle, PREFERENCES_TEXTS.resetText, { destructive: true, confirmLabel: 'Reset' }))) return;
    try {
      const { message } = await reset.mutateAsync();
      toast.success(message ?? PREFERENCE_MESSAGES.reset);
    } catch {
      toast.error(PREFERENCES_TEXTS.resetFailed);
    }
  }

  const strictSwitch = (field: PreferenceField) => (
    <DealbreakerSwitch
      id={idOf(`strict-${field}`)}
      fieldLabel={PREFERENCE_FIELD_LABELS[field]}
      checked={values.strict_fields.includes(field)}
      onChange={(on) => setStrict(field, on)}
    />
  );

  const cities: Option[] = values.province
    ? options.provinces.find((p) => p.value === values.province)?.cities ?? []
    : options.provinces.flatMap((p) => p.cities);

  return (
    <form ref={formRef} className="prefs-form" aria-label="Dating preferences" onSubmit={handleSubmit} noValidate>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}
      <p className="prefs-note">
        <i className="pi pi-info-circle" aria-hidden="true" />
        <span>{PREFERENCES_TEXTS.dealbreakerHelp}</span>
      </p>

      <Section id={idOf('genders')} title={PREFERENCE_FIELD_LABELS.genders} hint={PREFERENCES_TEXTS.anyHint} error={errors.genders} aside={strictSwitch('genders')}>
        <ChoiceChips name="genders" options={options.genders} selected={values.genders} invalid={Boolean(errors.genders)}
          onChange={(v) => set('genders', v as PreferenceValues['genders'])} />
      </Section>

      <Section id={idOf('age')} title={PREFERENCE_FIELD_LABELS.age} error={errors.age_min ?? errors.age_max} aside={strictSwitch('age')}>
        <AgeRange
          id={idOf('age-range')}
          min={options.age.min}
          max={options.age.max}
          value={{ min: values.age_min, max: values.age_max }}
          invalid={Boolean(errors.age_min ?? errors.age_max)}
          describedBy={errors.age_min ?? errors.age_max ? `${idOf('age')}-error` : undefined}
          onChange={({ min, max }) => {
            set('age_min', min);
            set('age_max', max);
          }}
        />
      </Section>

      <Section id={idOf('distance')} title={PREFERENCE_FIELD_LABELS.distance} error={errors.max_distance_km} aside={strictSwitch('distance')}
        hint="Measured from the city you set as your location.">
        <label className="sr-only" htmlFor={idOf('distance-select')}>{PREFERENCE_FIELD_LABELS.distance}</label>
        <select
          id={idOf('distance-select')}
          className="prefs-select"
          value={values.max_distance_km === null ? '' : String(values.max_distance_km)}
          aria-invalid={Boolean(errors.max_distance_km) || undefined}
          onChange={(e) => set('max_distance_km', e.target.value === '' ? null : Number(e.target.value))}
        >
          {options.distances.map((d) => (
            <option key={d.label} value={d.value === null ? '' : String(d.value)}>{d.label}</option>
          ))}
        </select>
      </Section>

      <Section id={idOf('location')} title={PREFERENCE_FIELD_LABELS.location} error={errors.province ?? errors.city} aside={strictSwitch('location')}
        hint="Where you would like to meet people.">
        <div className="prefs-two">
          <div className="prefs-select-field">
            <label htmlFor={idOf('province')}>Province</label>
            <select
              id={idOf('province')}
              className="prefs-select"
              value={values.province ?? ''}
              aria-invalid={Boolean(errors.province) || undefined}
              onChange={(e) => {
                const province = e.target.value || null;
                set('province', province);
                const inProvince = province ? options.provinces.find((p) => p.value === province)?.cities.some((c) => c.value === values.city) : true;
                if (!inProvince) set('city', null);
              }}
            >
              <option value="">Any province</option>
              {options.provinces.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
            </select>
          </div>
          <div className="prefs-select-field">
            <label htmlFor={idOf('city')}>City</label>
            <select
              id={idOf('city')}
              className="prefs-select"
              value={values.city ?? ''}
              aria-invalid={Boolean(errors.city) || undefined}
              onChange={(e) => {
                const city = e.target.value || null;
                set('city', city);
                const province = city ? options.provinces.find((p) => p.cities.some((c) => c.value === city))?.value : undefined;
                if (province) set('province', province);
              }}
            >
              <option value="">Any city</option>
              {cities.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
            </select>
          </div>
        </div>
      </Section>

      {MULTI_SECTIONS.map(({ field, strict, options: key }) => (
        <Section key={field} id={idOf(field)} title={PREFERENCE_FIELD_LABELS[strict]} hint={PREFERENCES_TEXTS.anyHint} error={errors[field]} aside={strictSwitch(strict)}>
          <ChoiceChips name={field} options={options[key] as Option[]} selected={values[field]} invalid={Boolean(errors[field])}
            onChange={(v) => set(field, v as PreferenceValues[typeof field])} />
        </Section>
      ))}
      {errors.strict_fields && <small className="field-error">{errors.strict_fields}</small>}

      <div className="prefs-actions">
        <Button type="submit" label={submitLabel} icon="pi pi-check" className="prefs-button-primary" loading={save.isPending} />
        {showReset && (
          <Button type="button" label="Reset to defaults" icon="pi pi-refresh" className="prefs-button-text" onClick={() => void handleReset()} disabled={reset.isPending} />
        )}
      </div>
    </form>
  );
}

interface SectionProps {
  id: string;
  title: string;
  hint?: string;
  error?: string | undefined;
  aside?: ReactNode;
  children: ReactNode;
}

/** One preference: a fieldset with its title, the Dealbreaker switch, a hint and its error. */
function Section({ id, title, hint, error, aside, children }: SectionProps) {
  const describedBy = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <fieldset className="prefs-section" aria-describedby={describedBy}>
      <legend className="prefs-legend">{title}</legend>
      {aside && <div className="prefs-section-aside">{aside}</div>}
      {hint && !error && <p id={`${id}-hint`} className="field-hint">{hint}</p>}
      <div className="prefs-section-body">{children}</div>
      {error && <small id={`${id}-error`} className="field-error">{error}</small>}
    </fieldset>
  );
}
