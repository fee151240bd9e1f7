import { TIMINGS, UI_DEFAULTS } from '@linkup/contract';
import { act, render, screen } from '@testing-library/react';
import { localeOptions, PrimeReactContext } from 'primereact/api';
import { useContext } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { dialogDefaults } from '@/lib/dialogs';
import { toast } from '@/lib/toast';
import { configurePrimeLocale } from '@/lib/primereact';

function ShowPrimeSettings() {
  const ctx = useContext(PrimeReactContext);
  return <output>{JSON.stringify({ ripple: ctx.ripple, inputStyle: ctx.inputStyle, zIndex: ctx.zIndex, locale: ctx.locale })}</output>;
}

describe('UI defaults (spec §9)', () => {
  it('configures PrimeReact: ripple, filled inputs, overlay 1000, modal 1100', () => {
    render(
      <AppProviders>
        <ShowPrimeSettings />
      </AppProviders>,
    );
    const settings = JSON.parse(screen.getByRole('status').textContent!);
    expect(settings).toMatchObject({
      ripple: true,
      inputStyle: 'filled',
      locale: 'en',
      zIndex: { overlay: UI_DEFAULTS.zIndex.overlay, modal: UI_DEFAULTS.zIndex.modal },
    });
  });

  it('dates read mm/dd/yy and weeks start on Sunday', () => {
    configurePrimeLocale();
    expect(localeOptions('en')).toMatchObject({ dateFormat: 'mm/dd/yy', firstDayOfWeek: 0 });
  });

  it('dialogs: confirm blue, cancel red, deny grey; OK / No / Cancel', () => {
    expect(dialogDefaults).toMatchObject({
      confirmButtonColor: '#2778c4',
      cancelButtonColor: '#d33',
      denyButtonColor: '#646e78',
      confirmButtonText: 'OK',
      denyButtonText: 'No',
      cancelButtonText: 'Cancel',
    });
  });

  it('toasts sit top right and close after 5 seconds', async () => {
    const { container } = render(<AppProviders>{null}</AppProviders>);
    act(() => {
      toast.success('Saved');
    });
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(container.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    // The auto-close timer is the progress bar's animation (jsdom does not run CSS animations).
    const progress = container.querySelector<HTMLElement>('.Toastify__progress-bar');
    expect(progress?.style.animationDuration).toBe(`${TIMINGS.toastMs}ms`);
  });
});
