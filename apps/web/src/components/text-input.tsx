import type { ComponentProps } from 'react';

export interface TextInputProps extends ComponentProps<'input'> {
  invalid?: boolean | undefined;
}

/** A text box in the theme's filled style (spec §9 "inputs filled style"), as PrimeReact's InputText draws it. */
export function TextInput({ invalid = false, className, value, ...rest }: TextInputProps) {
  const filled = value !== undefined && value !== null && String(value) !== '';
  const classes = ['p-inputtext p-component p-variant-filled', filled ? 'p-filled' : '', invalid ? 'p-invalid' : '', className ?? '']
    .filter(Boolean).join(' ');
  return <input className={classes} value={value} {...rest} />;
}
