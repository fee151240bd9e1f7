/**
 * Coarse location (DESIGN §6 "Location privacy"). The server never stores coordinates: a device
 * position is turned at once into the nearest listed city and dropped; a member's cell (a geohash
 * of 5 characters, about 4.9 km × 4.9 km) is their city's, for discover's distance filter. The
 * distance another member sees is measured between the two cities' centres, in buckets.
 */
import { PROVINCES } from '@linkup/contract';

const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';
export const CELL_PRECISION = 5;

export interface LatLng {
  lat: number;
  lng: number;
}

/** Approximate centres of the cities of the contract's PROVINCES list. */
export const CITY_CENTRES: Readonly<Record<string, LatLng>> = {
  Johannesburg: { lat: -26.2041, lng: 28.0473 },
  Pretoria: { lat: -25.7479, lng: 28.2293 },
  Soweto: { lat: -26.2485, lng: 27.854 },
  Centurion: { lat: -25.8603, lng: 28.1894 },
  Sandton: { lat: -26.1076, lng: 28.0567 },
  'Cape Town': { lat: -33.9249, lng: 18.4241 },
  Stellenbosch: { lat: -33.9321, lng: 18.8602 },
  Paarl: { lat: -33.7342, lng: 18.9621 },
  George: { lat: -33.963, lng: 22.4617 },
  Durban: { lat: -29.8587, lng: 31.0218 },
  Pietermaritzburg: { lat: -29.6006, lng: 30.3794 },
  Umhlanga: { lat: -29.7263, lng: 31.0849 },
  'Richards Bay': { lat: -28.7807, lng: 32.0383 },
  Gqeberha: { lat: -33.9608, lng: 25.6022 },
  'East London': { lat: -33.0292, lng: 27.8546 },
  Mthatha: { lat: -31.5889, lng: 28.7844 },
  Bloemfontein: { lat: -29.0852, lng: 26.1596 },
  Welkom: { lat: -27.9774, lng: 26.7351 },
  Polokwane: { lat: -23.9045, lng: 29.4689 },
  Thohoyandou: { lat: -22.9456, lng: 30.4847 },
  Mbombela: { lat: -25.4658, lng: 30.9853 },
  Emalahleni: { lat: -25.8713, lng: 29.2332 },
  Rustenburg: { lat: -25.6676, lng: 27.2421 },
  Mahikeng: { lat: -25.8652, lng: 25.6442 },
  Potchefstroom: { lat: -26.7145, lng: 27.097 },
  Kimberley: { lat: -28.7282, lng: 24.7499 },
  Upington: { lat: -28.4478, lng: 21.2561 },
};

/** Geohash of a position at `precision` characters. */
export function cellFor(position: LatLng, precision = CELL_PRECISION): string {
  let [latMin, latMax, lngMin, lngMax] = [-90, 90, -180, 180];
  let cell = '';
  let bits = 0;
  let value = 0;
  let even = true;
  while (cell.length < precision) {
    if (even) {
      const mid = (lngMin + lngMax) / 2;
      value = (value << 1) | (position.lng >= mid ? 1 : 0);
      if (position.lng >= mid) lngMin = mid;
      else lngMax = mid;
    } else {
      const mid = (latMin + latMax) / 2;
      value = (value << 1) | (position.lat >= mid ? 1 : 0);
      if (position.lat >= mid) latMin = mid;
      else latMax = mid;
    }
    even = !even;
    if (++bits === 5) {
      cell += BASE32[value];
      bits = 0;
      value = 0;
    }
  }
  return cell;
}

/** Centre of a geohash cell, or null when the text is not a geohash. */
export function cellCentre(cell: string): LatLng | null {
  let [latMin, latMax, lngMin, lngMax] = [-90, 90, -180, 180];
  let even = true;
  for (const char of cell) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    for (let bit = 4; bit >= 0; bit--) {
      const on = ((index >> bit) & 1) === 1;
      if (even) {
        const mid = (lngMin + lngMax) / 2;
        if (on) lngMin = mid;
        else lngMax = mid;
      } else {
        const mid = (latMin + latMax) / 2;
        if (on) latMin = mid;
        else latMax = mid;
      }
      even = !even;
    }
  }
  return cell ? { lat: (latMin + latMax) / 2, lng: (lngMin + lngMax) / 2 } : null;
}

/** The cell of a city of the contract's list, or null for a city we have no centre for. */
export function cityCell(city: string | null | undefined): string | null {
  const centre = city ? CITY_CENTRES[city] : undefined;
  return centre ? cellFor(centre) : null;
}

/** The province a city of the contract's list belongs to. */
export function provinceOf(city: string): string | undefined {
  return Object.keys(PROVINCES).find((province) => PROVINCES[province]?.includes(city));
}

/** The listed city closest to a position (what a shared device position becomes). */
export function nearestCity(position: LatLng): { city: string; province: string; km: number } {
  let best = { city: 'Johannesburg', km: Number.POSITIVE_INFINITY };
  for (const [city, centre] of Object.entries(CITY_CENTRES)) {
    const km = haversineKm(position, centre);
    if (km < best.km) best = { city, km };
  }
  return { ...best, province: provinceOf(best.city) ?? 'Gauteng' };
}

export function haversineKm(a: LatLng, b: LatLng): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Kilometres between the centres of two listed cities, or null when either is unknown: the only
 * distance another member is shown (as a bucket), so it reveals no more than the city does.
 */
export function cityDistanceKm(a: string | null | undefined, b: string | null | undefined): number | null {
  const from = a ? CITY_CENTRES[a] : undefined;
  const to = b ? CITY_CENTRES[b] : undefined;
  return from && to ? haversineKm(from, to) : null;
}

/** Kilometres between the centres of two cells, or null when either is unknown. */
export function cellDistanceKm(a: string | null | undefined, b: string | null | undefined): number | null {
  const from = a ? cellCentre(a) : null;
  const to = b ? cellCentre(b) : null;
  return from && to ? haversineKm(from, to) : null;
}

/** Upper bounds (km) of the distance buckets members see. */
export const DISTANCE_BUCKETS_KM = [5, 10, 25, 50, 100] as const;

/** What a member sees instead of a distance: 'Less than 10 km away', 'More than 100 km away'. */
export function distanceBucket(km: number | null): string | null {
  if (km === null) return null;
  const bound = DISTANCE_BUCKETS_KM.find((limit) => km < limit);
  return bound ? `Less than ${bound} km away` : `More than ${DISTANCE_BUCKETS_KM.at(-1)} km away`;
}

/** Height and width in degrees of a geohash cell of `length` characters. */
function cellSpanDegrees(length: number): { lat: number; lng: number } {
  const bits = length * 5;
  return { lat: 180 / 2 ** Math.floor(bits / 2), lng: 360 / 2 ** Math.ceil(bits / 2) };
}

/**
 * Geohash prefixes whose cells together cover every point within `radiusKm` of the centre of
 * `cell`: the cell's own prefix and its eight neighbours, at the longest length whose cells are
 * at least `radiusKm` across. A query keeps candidates whose cell starts with one of them (an
 * index range scan), then measures exactly. Null when the radius is too large to narrow.
 */
export function prefixesWithin(cell: string, radiusKm: number): string[] | null {
  const centre = cellCentre(cell);
  if (!centre) return null;
  const kmPerDegree = 111.32;
  for (let length = Math.min(cell.length, CELL_PRECISION); length >= 2; length -= 1) {
    const span = cellSpanDegrees(length);
    const heightKm = span.lat * kmPerDegree;
    const widthKm = span.lng * kmPerDegree * Math.cos((Math.abs(centre.lat) + span.lat) * (Math.PI / 180));
    if (heightKm < radiusKm || widthKm < radiusKm) continue;
    const prefixes = new Set<string>();
    for (const dLat of [-1, 0, 1]) {
      for (const dLng of [-1, 0, 1]) {
        const lat = Math.max(-89.999, Math.min(89.999, centre.lat + dLat * span.lat));
        const lng = ((centre.lng + dLng * span.lng + 540) % 360) - 180;
        prefixes.add(cellFor({ lat, lng }, length));
      }
    }
    return [...prefixes].sort();
  }
  return null;
}
