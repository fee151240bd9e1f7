import { describe, expect, it, vi } from 'vitest';
import { PositionError, browserPosition } from '@/platform/geolocation';

const geolocation = (answer: (ok: PositionCallback, fail: PositionErrorCallback) => void) =>
  ({ getCurrentPosition: vi.fn((ok: PositionCallback, fail: PositionErrorCallback) => answer(ok, fail)) }) as unknown as Geolocation;

describe('browserPosition', () => {
  it('answers latitude and longitude only, asking for a coarse fix', async () => {
    const geo = geolocation((ok) => ok({ coords: { latitude: -26.2, longitude: 28.04, accuracy: 30 } } as GeolocationPosition));
    await expect(browserPosition(geo)).resolves.toEqual({ latitude: -26.2, longitude: 28.04 });
    expect(geo.getCurrentPosition).toHaveBeenCalledWith(expect.any(Function), expect.any(Function), expect.objectContaining({ enableHighAccuracy: false }));
  });

  it.each([[1, 'denied'], [2, 'unavailable'], [3, 'timeout']] as const)('turns error code %i into %s', async (code, reason) => {
    const failure = browserPosition(geolocation((_ok, fail) => fail({ code } as GeolocationPositionError)));
    await expect(failure).rejects.toBeInstanceOf(PositionError);
    await expect(failure).rejects.toMatchObject({ reason });
  });

  it('says "unsupported" where there is no geolocation', async () => {
    await expect(browserPosition(undefined)).rejects.toMatchObject({ reason: 'unsupported' });
  });
});
