import { useState } from 'react';
import { fieldAria } from '@/components/form-field';
import { TextInput } from '@/components/text-input';

interface PasswordInputProps {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** Leaving the field (forms check it then). */
  onBlur?: () => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string | undefined;
  /** The FormField around it shows a hint (linked with aria-describedby while there is no error). */
  hasHint?: boolean;
}

/** The password field every form uses: masked with a show toggle, no strength meter, filled style. */
export function PasswordInput({ id, name, value, onChange, onBlur, autoComplete, error, hasHint = false }: PasswordInputProps) {
  const [shown, setShown] = useState(false);
  return (
    <span className="password-input field-control">
      <TextInput
        id={id}
        name={name}
        type={shown ? 'text' : 'password'}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        invalid={Boolean(error)}
        {...fieldAria(id, error, hasHint)}
      />
      <button
        type="button"
        className="password-toggle"
        aria-label={shown ? 'Hide password' : 'Show password'}
        aria-pressed={shown}
        aria-controls={id}
        onClick={() => setShown((s) => !s)}
      >
        <i className={`pi ${shown ? 'pi-eye-slash' : 'pi-eye'}`} aria-hidden="true" />
      </button>
    </span>
  );
}
