import '@/features/profile/profile.css';
import { FIELD_LIMITS, HEIGHT_LIMITS, PROFILE_MESSAGES, PROFILE_TEXT_LIMITS, PROVINCES, type OwnProfile, type ProfileUpdate } from '@linkup/contract';
import { Button } from '@/components/button';
import { TextInput } from '@/components/text-input';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { useProfile } from '@/features/profile/api/get-profile';
import { useUpdateProfile } from '@/features/profile/api/update-profile';
import { LoadFailed, Loading } from '@/components/load-state';
import {
  ALL_PROFILE_FIELDS, PROFILE_CHOICES, PROFILE_FIELD_LABELS, choiceLabel, isChoiceField, type ProfileField,
} from '@/features/profile/components/labels';
import { FormField, FormMessage, fieldAria } from '@/components/form-field';
import { placeFailure, zodFormErrors, type FormErrors } from '@/lib/form-errors';
import { schemas } from '@/lib/schemas';

export const PROFILE_FORM_TEXTS = {
  saveFailed: 'Your profile could not be saved.',
  required: 'This field is required.',
  chooseProvince: 'Choose a province',
  chooseCity: 'Choose a city',
  notSaying: 'Prefer not to say',
  choose: 'Choose',
} as const;

export interface ProfileDetailsFormProps {
  /** Which fields to show (default: all). Province and city always come together. */
  fields?: ProfileField[];
  /** Fields that must be filled before the form is sent (e.g. gender during onboarding). */
  required?: ProfileField[];
  submitLabel?: string;
  /** Called after the server saved the changes, with the updated profile. */
  onSaved?: (profile: OwnProfile) => void;
}

type Values = Record<ProfileField, string>;

const NULLABLE: ReadonlySet<ProfileField> = new Set([
  'marital_status', 'body_type', 'relationship_type', 'how_often_drink', 'love_language', 'height_cm', 'job_title', 'education', 'about',
]);

function valuesOf(profile: OwnProfile): Values {
  const text = (v: string | number | null) => (v === null ? '' : String(v));
  return {
    name: profile.name, date_of_birth: text(profile.date_of_birth), gender: text(profile.gender),
    relationship_type: text(profile.relationship_type), marital_status: text(profile.marital_status),
    body_type: text(profile.body_type), how_often_drink: text(profile.how_often_drink),
    love_language: text(profile.love_language), height_cm: text(profile.height_cm), job_title: text(profile.job_title),
    education: text(profile.education), about: text(profile.about), province: text(profile.province), city: text(profile.city),
  };
}

/** The body of PUT /profile for the shown fields: cleared optional fields as null, untouched empty ones left out. */
function bodyOf(fields: readonly ProfileField[], values: Values, initial: Values): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const value = values[field];
    if (value.trim() === '') {
      if (NULLABLE.has(field)) body[field] = null;
      else if (initial[field] !== '' || field === 'name') body[field] = value;
      continue;
    }
    body[field] = field === 'height_cm' ? Number(value) : value;
  }
  // Location is one change: both or neither.
  if ('city' in body !== 'province' in body) {
    body.city = values.city;
    body.province = values.province;
  }
  return body;
}

/**
 * The profile form (`PUT /profile`), whole on Edit Profile or limited to `fields` (onboarding
 * steps). Checked with the contract's schema before sending; a 422 shows under each field.
 */
export function ProfileDetailsForm(props: ProfileDetailsFormProps) {
  const profile = useProfile();
  if (profile.isError) return <LoadFailed what="Your profile" onRetry={() => void profile.refetch()} />;
  if (!profile.data) return <Loading label="Loading your profile" />;
  return <ProfileDetailsFormBody {...props} profile={profile.data} />;
}

function ProfileDetailsFormBody({ fields, required = [], submitLabel = 'Save changes', onSaved, profile }: ProfileDetailsFormProps & { profile: OwnProfile }) {
  const shown = expandFields(fields ?? ALL_PROFILE_FIELDS);
  const [initial] = useState(() => valuesOf(profile));
  const [values, setValues] = useState<Values>(initial);
  const [errors, setErrors] = useState<FormErrors<ProfileField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const has = (field: ProfileField) => shown.includes(field);

  // A link like /app/profile/edit#field-about (from the completion meter) focuses that field.
  useEffect(() => {
    const hash = window.location.hash.slice(1);
    if (hash.startsWith('field-')) document.getElementById(hash)?.focus();
  }, []);

  const set = (field: ProfileField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const missing = Object.fromEntries(required.filter((f) => has(f) && values[f].trim() === '').map((f) => [f, PROFILE_FORM_TEXTS.required]));
    const body = bodyOf(shown, values, initial);
    const parsed = (await schemas()).ProfileUpdateSchema.safeParse(body);
    const clientErrors = { ...(parsed.success ? {} : zodFormErrors<ProfileField>(parsed.error)), ...missing };
    if (Object.keys(clientErrors).length > 0) {
      setErrors(clientErrors);
      focusFirstError(clientErrors);
      return;
    }
    setErrors({});
    try {
      const { profile: saved, message } = await update.mutateAsync(body as ProfileUpdate);
      toast.success(message ?? PROFILE_MESSAGES.updated);
      onSaved?.(saved);
    } catch (error) {
      // One message in place (issue 32 item 16): beside the fields this form shows, else the failure and why.
      const failure = placeFailure<ProfileField>(error, PROFILE_FORM_TEXTS.saveFailed, { shows: (field) => has(field as ProfileField) });
      setErrors(failure.fields);
      setFormError(failure.alert);
      focusFirstError(failure.fields);
    }
  }

  const cities = PROVINCES[values.province] ?? [];
  const label = (field: ProfileField) => (required.includes(field) ? `${PROFILE_FIELD_LABELS[field]} (required)` : PROFILE_FIELD_LABELS[field]);

  return (
    <form className="profile-form" aria-label="Profile details" onSubmit={(e) => void handleSubmit(e)} noValidate>
      {formError && <FormMessage tone="error">{formError}</FormMessage>}

      {has('name') && (
        <FormField id="field-name" label={label('name')} error={errors.name}>
          <TextInput id="field-name" name="name" value={values.name} maxLength={FIELD_LIMITS.nameMax} autoComplete="name"
            onChange={(e) => set('name', e.target.value)} {...fieldAria('field-name', errors.name)} />
        </FormField>
      )}

      {has('date_of_birth') && (
        <FormField id="field-date_of_birth" label={label('date_of_birth')} error={errors.date_of_birth} hint="You must be 18 or older. Members see your age, never this date.">
          <TextInput id="field-date_of_birth" name="date_of_birth" type="date" value={values.date_of_birth} autoComplete="bday"
            onChange={(e) => set('date_of_birth', e.target.value)} {...fieldAria('field-date_of_birth', errors.date_of_birth, true)} />
        </FormField>
      )}

      {shown.filter(isChoiceField).filter((f) => f === 'gender').map((field) => (
        <ChoiceSelect key={field} field={field} label={label(field)} value={values[field]} error={errors[field]} required={required.includes(field)}
          onChange={(v) => set(field, v)} />
      ))}

      {has('province') && (
        <div className="profile-form-two">
          <FormField id="field-province" label={label('province')} error={errors.province}>
            <select id="field-province" name="province" className="p-inputtext profile-select" value={values.province}
              onChange={(e) => {
                set('province', e.target.value);
                set('city', '');
              }} {...fieldAria('field-province', errors.province)}>
              <option value="">{PROFILE_FORM_TEXTS.chooseProvince}</option>
              {Object.keys(PROVINCES).map((p) => <option key={p} value={p}>{p}</option>)}
            </select>
          </FormField>
          <FormField id="field-city" label={label('city')} error={errors.city}>
            <select id="field-city" name="city" className="p-inputtext profile-select" value={values.city} disabled={!values.province}
              onChange={(e) => set('city', e.target.value)} {...fieldAria('field-city', errors.city)}>
              <option value="">{PROFILE_FORM_TEXTS.chooseCity}</option>
              {cities.map((c) => <option key={c} value={c}>{c}</option>)}
            </select>
          </FormField>
        </div>
      )}

      {has('about') && (
        <FormField id="field-about" label={label('about')} error={errors.about}
          hint={<span aria-live="polite">{values.about.length} / {FIELD_LIMITS.aboutMax} characters</span>}>
          <InputTextarea id="field-about" name="about" value={values.about} rows={5} autoResize maxLength={FIELD_LIMITS.aboutMax}
            onChange={(e) => set('about', e.target.value)} {...fieldAria('field-about', errors.about, true)} />
        </FormField>
      )}

      {shown.filter(isChoiceField).filter((f) => f !== 'gender').map((field) => (
        <ChoiceSelect key={field} field={field} label={label(field)} value={values[field]} error={errors[field]} required={required.includes(field)}
          onChange={(v) => set(field, v)} />
      ))}

      {has('height_cm') && (
        <FormField id="field-height_cm" label={label('height_cm')} error={errors.height_cm}>
          <TextInput id="field-height_cm" name="height_cm" type="number" inputMode="numeric" min={HEIGHT_LIMITS.min} max={HEIGHT_LIMITS.max}
            value={values.height_cm} onChange={(e) => set('height_cm', e.target.value)} {...fieldAria('field-height_cm', errors.height_cm)} />
        </FormField>
      )}
      {has('job_title') && (
        <FormField id="field-job_title" label={label('job_title')} error={errors.job_title}>
          <TextInput id="field-job_title" name="job_title" value={values.job_title} maxLength={PROFILE_TEXT_LIMITS.jobTitleMax} autoComplete="organization-title"
            onChange={(e) => set('job_title', e.target.value)} {...fieldAria('field-job_title', errors.job_title)} />
        </FormField>
      )}
      {has('education') && (
        <FormField id="field-education" label={label('education')} error={errors.education}>
          <TextInput id="field-education" name="education" value={values.education} maxLength={PROFILE_TEXT_LIMITS.educationMax}
            onChange={(e) => set('education', e.target.value)} {...fieldAria('field-education', errors.education)} />
        </FormField>
      )}

      <Button type="submit" label={submitLabel} icon="pi pi-check" className="profile-button-primary" loading={update.isPending} />
    </form>
  );
}

/** A required choice starts at "Choose", never at "Prefer not to say", which saving would refuse (issue 32 item 4). */
function ChoiceSelect({ field, label, value, error, required, onChange }: {
  field: keyof typeof PROFILE_CHOICES; label: string; value: string; error: string | undefined; required: boolean; onChange: (value: string) => void;
}) {
  const id = `field-${field}`;
  return (
    <FormField id={id} label={label} error={error}>
      <select id={id} name={field} className="p-inputtext profile-select" value={value} onChange={(e) => onChange(e.target.value)} {...fieldAria(id, error)}>
        <option value="">{field === 'gender' || required ? PROFILE_FORM_TEXTS.choose : PROFILE_FORM_TEXTS.notSaying}</option>
        {PROFILE_CHOICES[field].map((v) => <option key={v} value={v}>{choiceLabel(v)}</option>)}
      </select>
    </FormField>
  );
}

/** Province and city travel together. */
function expandFields(fields: readonly ProfileField[]): ProfileField[] {
  const set = new Set(fields);
  if (set.has('city') || set.has('province')) {
    set.add('city');
    set.add('province');
  }
  return ALL_PROFILE_FIELDS.filter((f) => set.has(f));
}

function focusFirstError(errors: FormErrors<ProfileField>) {
  const first = ALL_PROFILE_FIELDS.find((f) => errors[f]);
  if (first) queueMicrotask(() => document.getElementById(`field-${first}`)?.focus());
}
