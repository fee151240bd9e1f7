/** Timestamps are stored and sent as ISO-8601 UTC strings on both databases. */
export function nowIso(): string {
  return new Date().toISOString();
}

export function addMs(iso: string, ms: number): string {
  return new Date(new Date(iso).getTime() + ms).toISOString();
}

/** Whole years between a YYYY-MM-DD birth date and `at`. */
export function ageFromBirthDate(dateOfBirth: string, at: Date = new Date()): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = at.getUTCFullYear() - y;
  const beforeBirthday = at.getUTCMonth() + 1 < m || (at.getUTCMonth() + 1 === m && at.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** The YYYY-MM-DD birth dates of people aged exactly `minAge`…`maxAge` today: (after, onOrBefore]. */
export function birthDateBounds(minAge: number, maxAge: number, today = new Date()): { after: string; onOrBefore: string } {
  const shift = (years: number) => {
    const d = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate()));
    return d.toISOString().slice(0, 10);
  };
  return { after: shift(maxAge + 1), onOrBefore: shift(minAge) };
}
