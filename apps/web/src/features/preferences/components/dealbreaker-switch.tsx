interface DealbreakerSwitchProps {
  id: string;
  /** The field's name, for the switch's accessible name ('Dealbreaker: Body type'). */
  fieldLabel: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** On: a dealbreaker (only people who match are shown). Off: a nice-to-have (matches rank higher). */
export function DealbreakerSwitch({ id, fieldLabel, checked, onChange }: DealbreakerSwitchProps) {
  return (
    <label className="prefs-switch" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        role="switch"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-label={`Dealbreaker: ${fieldLabel}`}
      />
      <span className="prefs-switch-track" aria-hidden="true" />
      <span className="prefs-switch-text" aria-hidden="true">{checked ? 'Dealbreaker' : 'Nice to have'}</span>
    </label>
  );
}
