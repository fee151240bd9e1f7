import { describe, expect, it } from 'vitest';
import { PROVINCES } from '@linkup/contract';
import { CITY_CENTRES, cellCentre, cellDistanceKm, cellFor, cityCell, distanceBucket, nearestCity, prefixesWithin } from './geo';

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

describe('prefixesWithin', () => {
  it('covers every listed city within the radius and narrows to few prefixes', () => {
    const home = cityCell('Johannesburg')!;
    for (const radius of [5, 10, 25, 50, 100]) {
      const prefixes = prefixesWithin(home, radius)!;
      expect(prefixes.length).toBeLessThanOrEqual(9);
      for (const city of Object.keys(CITY_CENTRES)) {
        const cell = cityCell(city)!;
        if (cellDistanceKm(home, cell)! <= radius) expect(prefixes.some((p) => cell.startsWith(p)), `${city} within ${radius} km`).toBe(true);
      }
    }
    // Cape Town is not near Johannesburg at 50 km.
    expect(prefixesWithin(home, 50)!.some((p) => cityCell('Cape Town')!.startsWith(p))).toBe(false);
  });

  it('covers random points within the radius', () => {
    const home = cellFor({ lat: -29.85, lng: 31.02 });
    const centre = cellCentre(home)!;
    const prefixes = prefixesWithin(home, 25)!;
    for (let i = 0; i < 500; i += 1) {
      const angle = (i / 500) * 2 * Math.PI;
      const km = (i % 25) + 0.5;
      const point = { lat: centre.lat + (km / 111.32) * Math.sin(angle), lng: centre.lng + (km / (111.32 * Math.cos((centre.lat * Math.PI) / 180))) * Math.cos(angle) };
      expect(prefixes.some((p) => cellFor(point).startsWith(p))).toBe(true);
    }
  });

  it('gives up on radii wider than a region', () => {
    expect(prefixesWithin(cityCell('Durban')!, 5000)).toBeNull();
    expect(prefixesWithin('!!', 5)).toBeNull();
  });
});
