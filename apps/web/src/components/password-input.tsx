import { Password } from 'primereact/password';
import { fieldAria } from '@/components/form-field';

interface PasswordInputProps {
  id: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  error?: string | undefined;
  /** The FormField around it shows a hint (linked with aria-describedby while there is no error). */
  hasHint?: boolean;
}

/** The password field every form uses: masked with a show toggle, no strength meter, filled style. */
export function PasswordInput({ id, name, value, onChange, autoComplete, error, hasHint = false }: PasswordInputProps) {
  return (
    <Password
      inputId={id}
      name={name}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      feedback={false}
      toggleMask
      autoComplete={autoComplete}
      className="field-control"
      inputClassName="w-full"
      invalid={Boolean(error)}
      {...fieldAria(id, error, hasHint)}
    />
  );
}
