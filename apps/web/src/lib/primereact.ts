/** PrimeReact settings from the spec's UI defaults (§9). */
import { UI_DEFAULTS } from '@linkup/contract';
import { updateLocaleOptions, type APIOptions } from 'primereact/api';

export const PRIME_LOCALE = 'en';

/** Date format and first day of the week for every calendar. */
export function configurePrimeLocale() {
  updateLocaleOptions({ dateFormat: UI_DEFAULTS.dateFormat, firstDayOfWeek: UI_DEFAULTS.firstDayOfWeek }, PRIME_LOCALE);
}

export const primeReactOptions: Partial<APIOptions> = {
  ripple: UI_DEFAULTS.ripple,
  inputStyle: UI_DEFAULTS.inputStyle,
  locale: PRIME_LOCALE,
  // The provider replaces the whole map, so every layer is listed; tooltip and toast keep
  // PrimeReact's own defaults above the modal layer.
  zIndex: {
    overlay: UI_DEFAULTS.zIndex.overlay,
    menu: UI_DEFAULTS.zIndex.overlay,
    modal: UI_DEFAULTS.zIndex.modal,
    tooltip: UI_DEFAULTS.zIndex.modal,
    toast: UI_DEFAULTS.zIndex.modal + 100,
  },
};
