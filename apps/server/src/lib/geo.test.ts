import { describe, expect, it } from 'vitest';
import { PROVINCES } from '@linkup/contract';
import { CITY_CENTRES, cellCentre, cellDistanceKm, cellFor, cityCell, distanceBucket, nearestCity } from './geo';

describe('coarse location', () => {
  it('encodes the known geohash of a position', () => {
    // Reference value: 57.64911, 10.40744 → u4pruydqqvj (geohash.org).
    expect(cellFor({ lat: 57.64911, lng: 10.40744 }, 11)).toBe('u4pruydqqvj');
    expect(cellFor({ lat: 57.64911, lng: 10.40744 })).toBe('u4pru');
  });

  it('keeps nothing finer than a cell of about 5 km', () => {
    const a = cellFor({ lat: -26.2041, lng: 28.0473 });
    const b = cellFor({ lat: -26.2045, lng: 28.0479 });
    expect(a).toBe(b);
    const centre = cellCentre(a)!;
    expect(Math.abs(centre.lat - -26.2041)).toBeLessThan(0.05);
    expect(cellCentre('not a cell!')).toBeNull();
  });

  it('has a centre for every listed city', () => {
    for (const cities of Object.values(PROVINCES)) for (const city of cities) expect(CITY_CENTRES[city], city).toBeDefined();
    expect(cityCell('Atlantis')).toBeNull();
  });

  it('measures distances between cells and shows them as buckets only', () => {
    const km = cellDistanceKm(cityCell('Johannesburg'), cityCell('Pretoria'))!;
    expect(km).toBeGreaterThan(40);
    expect(km).toBeLessThan(70);
    expect(distanceBucket(km)).toBe('Less than 100 km away');
    expect(distanceBucket(0)).toBe('Less than 5 km away');
    expect(distanceBucket(1200)).toBe('More than 100 km away');
    expect(distanceBucket(null)).toBeNull();
    expect(cellDistanceKm(null, 'abc')).toBeNull();
  });

  it('turns a device position into the nearest listed city', () => {
    expect(nearestCity({ lat: -33.93, lng: 18.43 })).toMatchObject({ city: 'Cape Town', province: 'Western Cape' });
  });
});
