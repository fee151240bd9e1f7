import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeTopOverlay } from '@/lib/overlays';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('closeTopOverlay', () => {
  it('answers false and sends nothing when no dialog or sheet is open', () => {
    const onKey = vi.fn();
    document.addEventListener('keydown', onKey);
    expect(closeTopOverlay()).toBe(false);
    expect(onKey).not.toHaveBeenCalled();
    document.removeEventListener('keydown', onKey);
  });

  it.each([
    ['a sheet', '<div role="dialog" aria-modal="true"><button>Leave Chat</button></div>'],
    ['a PrimeReact dialog', '<div class="p-dialog-mask"><div role="dialog"><button>OK</button></div></div>'],
    ['a SweetAlert2 dialog', '<div class="swal2-container"><div role="dialog"><button>OK</button></div></div>'],
  ])('presses Escape where %s is open', (_name, html) => {
    document.body.innerHTML = html;
    document.querySelector('button')!.focus();
    const keys: string[] = [];
    const onKey = (event: KeyboardEvent) => keys.push(event.key);
    document.addEventListener('keydown', onKey);
    expect(closeTopOverlay()).toBe(true);
    expect(keys).toEqual(['Escape']);
    document.removeEventListener('keydown', onKey);
  });
});
