import { UI_DEFAULTS } from '@linkup/contract';
import { useRef, type ButtonHTMLAttributes, type PointerEvent } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  label?: string | undefined;
  /** PrimeIcons classes, e.g. 'pi pi-heart'. */
  icon?: string | undefined;
  iconPos?: 'left' | 'right';
  /** Busy: a spinner replaces the icon and the button is disabled. */
  loading?: boolean | undefined;
  /** A small count after the label (e.g. active filters). */
  badge?: string | undefined;
}

/**
 * The app's button: PrimeReact's markup and theme classes (`p-button`, icon, label) and its ripple
 * (spec §9), without loading PrimeReact's JavaScript on every page.
 */
export function Button({
  label,
  icon,
  iconPos = 'left',
  loading = false,
  badge,
  className,
  children,
  disabled,
  type = 'button',
  onPointerDown,
  ...rest
}: ButtonProps) {
  const ink = useRef<HTMLSpanElement>(null);
  const iconClass = loading ? 'pi pi-spin pi-spinner p-button-loading-icon' : icon;
  const iconOnly = Boolean(iconClass) && !label && !children;
  const classes = [
    'p-button p-component',
    UI_DEFAULTS.ripple ? 'p-ripple' : '',
    iconOnly ? 'p-button-icon-only' : '',
    loading ? 'p-button-loading' : '',
    disabled || loading ? 'p-disabled' : '',
    className ?? '',
  ].filter(Boolean).join(' ');

  function ripple(event: PointerEvent<HTMLButtonElement>) {
    const span = ink.current;
    if (!span) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const size = Math.max(rect.width, rect.height);
    span.classList.remove('p-ink-active');
    span.style.width = span.style.height = `${size}px`;
    span.style.left = `${event.clientX - rect.left - size / 2}px`;
    span.style.top = `${event.clientY - rect.top - size / 2}px`;
    // Restarts the animation when the button is pressed again before it ended.
    void span.offsetWidth;
    span.classList.add('p-ink-active');
  }

  return (
    <button
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      onPointerDown={(event) => {
        if (UI_DEFAULTS.ripple) ripple(event);
        onPointerDown?.(event);
      }}
      {...rest}
    >
      {iconClass && <span className={`p-button-icon p-c ${iconClass}${iconOnly ? '' : ` p-button-icon-${iconPos}`}`} aria-hidden="true" />}
      {label !== undefined && <span className="p-button-label p-c">{label}</span>}
      {children}
      {badge !== undefined && <span className="p-badge p-component">{badge}</span>}
      {UI_DEFAULTS.ripple && (
        <span ref={ink} className="p-ink" aria-hidden="true" onAnimationEnd={(event) => event.currentTarget.classList.remove('p-ink-active')} />
      )}
    </button>
  );
}
