import '@/features/preferences/preferences.css';
import { PREFERENCE_MESSAGES, type MemberLocation, type SetLocationBody } from '@linkup/contract';
import { Button } from '@/components/button';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { usePreferenceOptions } from '@/features/preferences/api/get-preference-options';
import { usePreferences } from '@/features/preferences/api/get-preferences';
import { useSetLocation } from '@/features/preferences/api/set-location';
import { LoadFailed, Loading } from '@/components/load-state';
import { FormMessage } from '@/components/form-field';
import { isApiClientError } from '@/lib/api-client';
import { serverFormErrors, zodFormErrors, type FormErrors } from '@/lib/form-errors';
import { PositionError, type PositionFailure } from '@/platform/geolocation';
import { platform } from '@/platform/platform';
import { schemas } from '@/lib/schemas';

export const LOCATION_TEXTS = {
  useCurrent: 'Use my current location',
  locating: 'Finding you…',
  privacy: 'We keep only your nearest city — never your exact position. Others see only how far apart your cities are.',
  notSet: 'Not set yet',
  saveFailed: 'Could not update your location.',
  failures: {
    denied: 'Location access is turned off for LinkUp. Choose your city from the list instead.',
    unsupported: 'This device cannot share its location. Choose your city from the list instead.',
    unavailable: 'Your location could not be found. Choose your city from the list instead.',
    timeout: 'Your location could not be found. Choose your city from the list instead.',
  } satisfies Record<PositionFailure, string>,
} as const;

type LocationField = 'city' | 'province' | 'location' | 'latitude' | 'longitude';

interface LocationPickerProps {
  /** Called after the server kept a new location. */
  onSaved?: (location: MemberLocation) => void;
}

/**
 * Where the member is: a city and province from the list, or the device position shared once
 * (`POST /preferences/location`). The position goes straight into that one request and is not
 * kept anywhere on the client; the server answers with the city it chose.
 */
export function LocationPicker({ onSaved }: LocationPickerProps) {
  const preferences = usePreferences();
  const options = usePreferenceOptions();
  if (preferences.isError || options.isError) {
    return <LoadFailed what="Your preferences" onRetry={() => void Promise.all([preferences.refetch(), options.refetch()])} />;
  }
  if (!preferences.data || !options.data) return <Loading label="Loading your location" />;
  return <LocationPickerBody current={preferences.data.location} provinces={options.data.provinces} onSaved={onSaved} />;
}

function LocationPickerBody({ current, provinces, onSaved }: {
  current: MemberLocation | null;
  provinces: { value: string; label: string; cities: { value: string; label: string }[] }[];
  onSaved?: ((location: MemberLocation) => void) | undefined;
}) {
  const [province, setProvince] = useState(current?.province ?? '');
  const [city, setCity] = useState(current?.city ?? '');
  const [errors, setErrors] = useState<FormErrors<LocationField>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [locating, setLocating] = useState(false);
  const setLocation = useSetLocation();
  const baseId = useId();
  const cities = provinces.find((p) => p.value === province)?.cities ?? [];

  async function send(body: SetLocationBody) {
    try {
      const { data, message } = await setLocation.mutateAsync(body);
      setErrors({});
      setProvince(data.province);
      setCity(data.city);
      toast.success(message ?? PREFERENCE_MESSAGES.locationSaved);
      onSaved?.(data);
    } catch (error) {
      toast.error(LOCATION_TEXTS.saveFailed);
      if (isApiClientError(error)) {
        const fieldErrors = serverFormErrors<LocationField>(error.errors);
        setErrors(fieldErrors);
        if (!fieldErrors.city && !fieldErrors.province) setNotice(fieldErrors.location ?? fieldErrors.latitude ?? error.serverMessage ?? error.message);
      } else {
        setNotice(LOCATION_TEXTS.saveFailed);
      }
    }
  }

  async function shareCurrentPosition() {
    setNotice(null);
    setLocating(true);
    try {
      // Used for this one request only: not stored, not put in state.
      const { latitude, longitude } = await platform.currentPosition();
      await send({ latitude, longitude });
    } catch (error) {
      setNotice(error instanceof PositionError ? LOCATION_TEXTS.failures[error.reason] : LOCATION_TEXTS.failures.unavailable);
    } finally {
      setLocating(false);
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setNotice(null);
    const body = { city, province };
    const parsed = (await schemas()).SetLocationBodySchema.safeParse(body);
    if (!parsed.success) {
      setErrors(zodFormErrors<LocationField>(parsed.error));
      return;
    }
    await send(parsed.data);
  }

  return (
    <div className="prefs-location">
      <p className="prefs-location-current">
        <i className="pi pi-map-marker" aria-hidden="true" />
        <span>
          Your location:{' '}
          <strong data-testid="current-location">{current ? `${current.city}, ${current.province}` : LOCATION_TEXTS.notSet}</strong>
        </span>
      </p>
      <Button
        type="button"
        label={locating ? LOCATION_TEXTS.locating : LOCATION_TEXTS.useCurrent}
        icon="pi pi-compass"
        className="prefs-button-secondary"
        onClick={() => void shareCurrentPosition()}
        disabled={locating || setLocation.isPending}
        aria-busy={locating}
      />
      <p className="field-hint">{LOCATION_TEXTS.privacy}</p>
      {notice && <FormMessage tone="error">{notice}</FormMessage>}

      <form className="prefs-location-form" aria-label="Choose your city" onSubmit={(e) => void handleSubmit(e)} noValidate>
        <p className="prefs-or">or choose it from the list</p>
        <div className="prefs-two">
          <div className="prefs-select-field">
            <label htmlFor={`${baseId}-province`}>Your province</label>
            <select
              id={`${baseId}-province`}
              className="prefs-select"
              value={province}
              aria-invalid={Boolean(errors.province) || undefined}
              aria-describedby={errors.province ? `${baseId}-province-error` : undefined}
              onChange={(e) => {
                setProvince(e.target.value);
                setCity('');
                setErrors({});
              }}
            >
              <option value="">Choose a province</option>
              {provinces.map((p) => <option key={p.value} value={p.value}>{p.label}</option>)}
            </select>
            {errors.province && <small id={`${baseId}-province-error`} className="field-error">{errors.province}</small>}
          </div>
          <div className="prefs-select-field">
            <label htmlFor={`${baseId}-city`}>Your city</label>
            <select
              id={`${baseId}-city`}
              className="prefs-select"
              value={city}
              disabled={!province}
              aria-invalid={Boolean(errors.city) || undefined}
              aria-describedby={errors.city ? `${baseId}-city-error` : undefined}
              onChange={(e) => {
                setCity(e.target.value);
                setErrors({});
              }}
            >
              <option value="">Choose a city</option>
              {cities.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
            </select>
            {errors.city && <small id={`${baseId}-city-error`} className="field-error">{errors.city}</small>}
          </div>
        </div>
        <Button type="submit" label="Save location" icon="pi pi-check" className="prefs-button-secondary" loading={setLocation.isPending && !locating} />
      </form>
    </div>
  );
}
