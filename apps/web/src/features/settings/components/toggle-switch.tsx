import type { ReactNode } from 'react';

interface ToggleSwitchProps {
  id: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  /** The visible label; for a switch without one (a table cell), give `ariaLabel`. */
  label?: ReactNode;
  hint?: ReactNode;
  ariaLabel?: string;
}

/** An on/off switch: a real checkbox with role="switch", so keyboards and screen readers know it. */
export function ToggleSwitch({ id, checked, onChange, disabled, label, hint, ariaLabel }: ToggleSwitchProps) {
  const control = (
    <span className="settings-switch">
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-label={label ? undefined : ariaLabel}
        aria-labelledby={label ? `${id}-label` : undefined}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      <span className="settings-switch-track" aria-hidden="true" />
    </span>
  );
  if (!label) return control;
  return (
    <label className="settings-switch-row" htmlFor={id}>
      <span className="menu-row-text">
        <span id={`${id}-label`}>{label}</span>
        {hint && <span id={`${id}-hint`} className="menu-row-hint">{hint}</span>}
      </span>
      {control}
    </label>
  );
}
