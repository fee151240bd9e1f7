import type { Option } from '@linkup/contract';

interface ChoiceChipsProps {
  name: string;
  options: readonly Option[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  invalid?: boolean;
}

/** A multi-select as tickable chips (real checkboxes, so keyboards and screen readers know them). */
export function ChoiceChips({ name, options, selected, onChange, invalid = false }: ChoiceChipsProps) {
  const toggle = (value: string, on: boolean) =>
    onChange(on ? [...selected, value] : selected.filter((v) => v !== value));
  return (
    <div className="prefs-chips">
      {options.map((option) => {
        const checked = selected.includes(option.value);
        return (
          <label key={option.value} className={`prefs-chip${checked ? ' is-selected' : ''}`}>
            <input
              type="checkbox"
              name={name}
              value={option.value}
              checked={checked}
              onChange={(e) => toggle(option.value, e.target.checked)}
              aria-invalid={invalid || undefined}
            />
            <i className={`pi ${checked ? 'pi-check' : 'pi-plus'}`} aria-hidden="true" />
            <span>{option.label}</span>
          </label>
        );
      })}
    </div>
  );
}
