import type { CSSProperties } from 'react';

interface AgeRangeProps {
  id: string;
  min: number;
  max: number;
  value: { min: number; max: number };
  onChange: (value: { min: number; max: number }) => void;
  invalid?: boolean;
  describedBy?: string | undefined;
}

/**
 * The age range as one slider with two thumbs: two native range inputs on one track, so each
 * thumb has its own name ('Minimum age', 'Maximum age') and works with the keyboard.
 */
export function AgeRange({ id, min, max, value, onChange, invalid = false, describedBy }: AgeRangeProps) {
  const percent = (age: number) => ((age - min) / (max - min)) * 100;
  // Thumbs on the same age: the one that can still move (left near the top, right near the bottom) is on top.
  const minOnTop = value.min === value.max && value.min > (min + max) / 2;
  return (
    <div className="prefs-range">
      <output className="prefs-range-value" htmlFor={`${id}-min ${id}-max`} aria-live="polite">
        {value.min} – {value.max}{value.max === max ? '+' : ''} years
      </output>
      <div
        className="prefs-range-track"
        style={{ '--from': `${percent(value.min)}%`, '--to': `${percent(value.max)}%` } as CSSProperties}
      >
        <input
          id={`${id}-min`}
          className={minOnTop ? 'is-on-top' : undefined}
          type="range"
          min={min}
          max={max}
          step={1}
          value={value.min}
          aria-label="Minimum age"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange({ min: Math.min(Number(e.target.value), value.max), max: value.max })}
        />
        <input
          id={`${id}-max`}
          type="range"
          min={min}
          max={max}
          step={1}
          value={value.max}
          aria-label="Maximum age"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onChange={(e) => onChange({ min: value.min, max: Math.max(Number(e.target.value), value.min) })}
        />
      </div>
    </div>
  );
}
