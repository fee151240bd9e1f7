import { FAILURE_TOASTS, FIELD_LIMITS, GENDERS, ONBOARDING_PATH, SUCCESS_TOASTS, routeByName, type Gender, type PhoneSignupStart } from '@linkup/contract';
import { Button } from '@/components/button';
import { TextInput } from '@/components/text-input';
import { useId, useRef, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { useRegister } from '@/features/auth/api/register';
import { useRegisterPhone } from '@/features/auth/api/register-phone';
import { useOtpStore } from '@/features/auth/stores/otp-store';
import { whatsappLoginPath } from '@/features/auth/utils/login-method';
import { FormField, FormMessage, fieldAria } from '@/components/form-field';
import { PasswordInput } from '@/components/password-input';
import { isApiClientError } from '@/lib/api-client';
import { serverFormErrors, zodFormErrors, type FormErrors, placeFailure } from '@/lib/form-errors';
import { yearsBefore } from '@/lib/format';
import { useSessionStore } from '@/lib/session-store';
import { schemas } from '@/lib/schemas';

type RegisterField =
  | 'name' | 'email' | 'mobile' | 'password' | 'password_confirmation' | 'date_of_birth' | 'gender' | 'terms_accepted' | 'signup_token';

interface RegisterValues {
  name: string;
  email: string;
  mobile: string;
  password: string;
  password_confirmation: string;
  /** 'YYYY-MM-DD' from the date input, '' until chosen. */
  date_of_birth: string;
  gender: Gender | '';
  terms_accepted: boolean;
}

const EMPTY: RegisterValues = {
  name: '',
  email: '',
  mobile: '',
  password: '',
  password_confirmation: '',
  date_of_birth: '',
  gender: '',
  terms_accepted: false,
};

export const REGISTER_TEXTS = {
  verifiedNumber: 'Your verified number:',
  otherNumber: 'Use another number',
  newCode: 'Get a new code',
  optional: (label: string) => `${label} (optional)`,
  addLater: 'At least 8 characters. You can add an e-mail address and a password later in Account Settings.',
} as const;

const GENDER_LABELS: Record<Gender, string> = { male: 'Male', female: 'Female', non_binary: 'Non-binary' };

/** The server may name the number by its stored column. */
const SERVER_FIELD_ALIASES: Partial<Record<string, RegisterField>> = { phone_number: 'mobile' };

function fromServer(errors: Parameters<typeof serverFormErrors>[0]): FormErrors<RegisterField> {
  const result: FormErrors<RegisterField> = {};
  for (const [key, message] of Object.entries(serverFormErrors(errors))) {
    const field = (SERVER_FIELD_ALIASES[key] ?? key) as RegisterField;
    result[field] ??= message;
  }
  return result;
}

/** The phone sign-up's body (issue 32): the number's token, and e-mail and password only when given. */
function phoneBody(values: RegisterValues, signup: PhoneSignupStart) {
  const { name, date_of_birth, gender, terms_accepted, email, password, password_confirmation } = values;
  return {
    signup_token: signup.signup_token, name, date_of_birth, gender, terms_accepted,
    ...(email.trim() ? { email } : {}),
    ...(password || password_confirmation ? { password, password_confirmation } : {}),
  };
}

/** The form's values checked with the contract: registration's, or the phone sign-up's. */
async function parse(values: RegisterValues, signup: PhoneSignupStart | undefined) {
  const s = await schemas();
  return signup ? s.PhoneRegisterBodySchema.safeParse(phoneBody(values, signup)) : s.RegisterBodySchema.safeParse(values);
}

/**
 * Registration (DESIGN §6): name, e-mail, mobile, password twice, date of birth (18+), gender and
 * the terms. Each field is checked with the contract's RegisterBodySchema as the member leaves it
 * (and again as they correct it), all of them before sending; the server's 422 errors appear next
 * to their fields. Success signs in and goes to onboarding (spec §4).
 *
 * With `signup` (issue 32: a new number proved with its WhatsApp code) it is the short sign-up:
 * the number is the proved one; e-mail and password are optional, addable later in settings.
 */
export function RegisterForm({ signup }: { signup?: PhoneSignupStart } = {}) {
  const [values, setValues] = useState<RegisterValues>(EMPTY);
  const [errors, setErrors] = useState<FormErrors<RegisterField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const register = useRegister();
  const registerPhone = useRegisterPhone();
  const formRef = useRef<HTMLFormElement>(null);
  const baseId = useId();
  const idOf = (field: RegisterField) => `${baseId}-${field}`;
  const latestBirthDate = yearsBefore(18);

  /** The contract's message for these fields only (others stay as they are): on blur, and while a shown error is being fixed. */
  async function check(next: RegisterValues, fields: readonly RegisterField[]) {
    const parsed = await parse(next, signup);
    const found = parsed.success ? {} : zodFormErrors<RegisterField>(parsed.error);
    setErrors((current) => {
      const updated = { ...current };
      for (const field of fields) {
        if (found[field]) updated[field] = found[field];
        else delete updated[field];
      }
      return updated;
    });
  }

  const set = <K extends keyof RegisterValues>(key: K, value: RegisterValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // A shown error goes as soon as the field is right; a choice (gender, terms) is checked at once.
    const shown = (Object.keys(errors) as RegisterField[]).filter((field) => field === key || (key === 'password' && field === 'password_confirmation'));
    const fields = key === 'gender' || key === 'terms_accepted' ? [key as RegisterField, ...shown] : shown;
    if (fields.length > 0) void check(next, fields);
  };
  /** Leaving a field: its own check, and the confirmation's once it has been typed (passwords must match). */
  const blur = (field: RegisterField) => () =>
    void check(values, field === 'password' && values.password_confirmation ? ['password', 'password_confirmation'] : [field]);

  function showErrors(next: FormErrors<RegisterField>) {
    setErrors(next);
    // Take the member to the first field that needs attention.
    requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = await parse(values, signup);
    if (!parsed.success) {
      showErrors(zodFormErrors<RegisterField>(parsed.error));
      return;
    }
    setErrors({});

    try {
      const session = 'signup_token' in parsed.data
        ? await registerPhone.mutateAsync(parsed.data)
        : await register.mutateAsync(parsed.data);
      if (signup) useOtpStore.getState().clear();
      toast.success(SUCCESS_TOASTS.registrationSuccess);
      useSessionStore.getState().signIn(session, ONBOARDING_PATH);
    } catch (error) {
      // One message in place (issue 32 item 16): beside the fields, else 'Registration failed' and why.
      const failure = placeFailure<RegisterField>(error, FAILURE_TOASTS.registration);
      setFormError(failure.alert);
      if (isApiClientError(error)) showErrors(fromServer(error.errors));
    }
  }

  const textField = (field: 'name' | 'email' | 'mobile', label: string, props: InputHTMLAttributes<HTMLInputElement>, icon: string) => (
    <FormField id={idOf(field)} label={label} error={errors[field]}>
      <span className="input-with-icon field-control">
        <i className={`pi ${icon}`} aria-hidden="true" />
        <TextInput
          id={idOf(field)}
          name={field}
          value={values[field]}
          onChange={(e) => set(field, e.target.value)}
          onBlur={blur(field)}
          invalid={Boolean(errors[field])}
          {...fieldAria(idOf(field), errors[field])}
          {...props}
        />
      </span>
    </FormField>
  );

  return (
    <form ref={formRef} className="auth-form" aria-label="Create your account" onSubmit={handleSubmit} noValidate>
      {formError && (
        <FormMessage tone="error">
          {formError}
          {errors.signup_token && <> <Link to={whatsappLoginPath()} className="text-link">{REGISTER_TEXTS.newCode}</Link></>}
        </FormMessage>
      )}

      {signup && (
        <p className="otp-sent-to">
          {REGISTER_TEXTS.verifiedNumber} <strong className="otp-mobile">{signup.mobile}</strong>{' '}
          <Link to={whatsappLoginPath()} className="text-link">{REGISTER_TEXTS.otherNumber}</Link>
        </p>
      )}

      {textField('name', 'Full name', { autoComplete: 'name', placeholder: 'Your name', maxLength: FIELD_LIMITS.nameMax }, 'pi-user')}
      {textField('email', signup ? REGISTER_TEXTS.optional('Email') : 'Email', { type: 'email', autoComplete: 'email', inputMode: 'email', placeholder: 'you@example.com' }, 'pi-envelope')}
      {!signup && textField('mobile', 'Mobile number', { type: 'tel', autoComplete: 'tel', inputMode: 'tel', placeholder: '+27 82 123 4567' }, 'pi-mobile')}

      <FormField id={idOf('password')} label={signup ? REGISTER_TEXTS.optional('Password') : 'Password'} error={errors.password}
        hint={signup ? REGISTER_TEXTS.addLater : 'At least 8 characters. Avoid common passwords.'}>
        <PasswordInput id={idOf('password')} name="password" value={values.password} onChange={(v) => set('password', v)} onBlur={blur('password')} autoComplete="new-password" error={errors.password} hasHint />
      </FormField>

      <FormField id={idOf('password_confirmation')} label="Confirm password" error={errors.password_confirmation}>
        <PasswordInput id={idOf('password_confirmation')} name="password_confirmation" value={values.password_confirmation} onChange={(v) => set('password_confirmation', v)} onBlur={blur('password_confirmation')} autoComplete="new-password" error={errors.password_confirmation} />
      </FormField>

      <FormField id={idOf('date_of_birth')} label="Date of birth" error={errors.date_of_birth} hint="You must be 18 or older to join.">
        <TextInput
          id={idOf('date_of_birth')}
          name="date_of_birth"
          type="date"
          value={values.date_of_birth}
          onChange={(e) => set('date_of_birth', e.target.value)}
          onBlur={blur('date_of_birth')}
          max={latestBirthDate}
          min="1900-01-01"
          autoComplete="bday"
          className={`field-control${values.date_of_birth ? '' : ' is-empty'}`}
          invalid={Boolean(errors.date_of_birth)}
          {...fieldAria(idOf('date_of_birth'), errors.date_of_birth, true)}
        />
      </FormField>

      <fieldset
        className="field choice-field"
        aria-invalid={Boolean(errors.gender)}
        aria-describedby={errors.gender ? `${idOf('gender')}-error` : undefined}
      >
        <legend>Gender</legend>
        <div className="choice-chips">
          {GENDERS.map((gender) => (
            <label key={gender} className={`choice-chip${values.gender === gender ? ' is-selected' : ''}`}>
              <input
                type="radio"
                name="gender"
                value={gender}
                checked={values.gender === gender}
                onChange={() => set('gender', gender)}
                aria-invalid={Boolean(errors.gender)}
              />
              <span>{GENDER_LABELS[gender]}</span>
            </label>
          ))}
        </div>
        {errors.gender && <small id={`${idOf('gender')}-error`} className="field-error">{errors.gender}</small>}
      </fieldset>

      <div className="field terms-field">
        <label className="checkbox-row" htmlFor={idOf('terms_accepted')}>
          <input
            id={idOf('terms_accepted')}
            type="checkbox"
            name="terms_accepted"
            checked={values.terms_accepted}
            onChange={(e) => set('terms_accepted', e.target.checked)}
            {...fieldAria(idOf('terms_accepted'), errors.terms_accepted)}
          />
          <span>I am 18 or older and I agree to the Terms of Service and the Privacy Policy.</span>
        </label>
        <TermsSummary />
        {errors.terms_accepted && (
          <small id={`${idOf('terms_accepted')}-error`} className="field-error">{errors.terms_accepted}</small>
        )}
      </div>

      <Button type="submit" label="Create account" className="btn-primary" loading={register.isPending || registerPhone.isPending} />

      <p className="auth-switch">
        Already a member? <Link to={routeByName('auth.login').path} className="text-link">Sign in</Link>
      </p>
    </form>
  );
}

/**
 * What a new member agrees to, in brief, beside the box they tick; the full texts are the public
 * /terms and /privacy pages linked under the form.
 */
function TermsSummary() {
  return (
    <details className="terms-summary">
      <summary>Terms of Service and Privacy Policy in brief</summary>
      <ul>
        <li>You are at least 18 and the details on your profile are true and your own.</li>
        <li>Be kind and safe: no harassment, hate, scams, spam or explicit content. Accounts that break these rules can be removed.</li>
        <li>We use your details to run LinkUp and suggest matches. Other members never see your e-mail address, mobile number, birth date or exact location.</li>
        <li>You can export your data or delete your account at any time in Account Settings.</li>
        <li>The full texts are in the app under More → Support &amp; Legal.</li>
      </ul>
    </details>
  );
}
