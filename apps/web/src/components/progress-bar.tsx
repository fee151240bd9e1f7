interface ProgressBarProps {
  /** 0–100. */
  value: number;
  showValue?: boolean;
  className?: string | undefined;
  'aria-label'?: string | undefined;
  'aria-labelledby'?: string | undefined;
  'aria-valuetext'?: string | undefined;
}

/** A determinate progress bar with PrimeReact's theme classes. */
export function ProgressBar({ value, showValue = true, className, ...aria }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(100, Math.round(value)));
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={clamped}
      className={`p-progressbar p-component p-progressbar-determinate${className ? ` ${className}` : ''}`}
      {...aria}
    >
      <div className="p-progressbar-value p-progressbar-value-animate" style={{ width: `${clamped}%`, display: 'flex' }}>
        {showValue && clamped > 0 && <div className="p-progressbar-label">{clamped}%</div>}
      </div>
    </div>
  );
}
