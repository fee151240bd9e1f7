/**
 * The device position, asked for once when a member taps "Use my current location". Coarse is
 * enough (the server keeps only the nearest city and a ~5 km cell), so no high accuracy and a
 * recent cached fix is fine. The native shell's web view answers navigator.geolocation too.
 */
export interface DevicePosition {
  latitude: number;
  longitude: number;
}

export type PositionFailure = 'unsupported' | 'denied' | 'unavailable' | 'timeout';

export class PositionError extends Error {
  override readonly name = 'PositionError';
  constructor(readonly reason: PositionFailure) {
    super(`Device position ${reason}`);
  }
}

const OPTIONS: PositionOptions = { enableHighAccuracy: false, maximumAge: 10 * 60 * 1000, timeout: 15_000 };

export function browserPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<DevicePosition> {
  if (!geolocation) return Promise.reject(new PositionError('unsupported'));
  return new Promise((resolve, reject) => {
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude }),
      (error) => reject(new PositionError(error.code === 1 ? 'denied' : error.code === 3 ? 'timeout' : 'unavailable')),
      OPTIONS,
    );
  });
}
