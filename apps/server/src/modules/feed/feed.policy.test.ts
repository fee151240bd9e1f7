import { FeedQuerySchema, defaultPreferences, type PreferenceValues } from '@linkup/contract';
import { describe, expect, it } from 'vitest';
import { feedPolicy, type Suitor } from './feed.policy';

const suitor: Suitor = {
  id: 'usr_reader', gender: 'male', date_of_birth: '1995-06-15', city: 'Cape Town', body_type: null, how_often_drink: null, love_language: null, marital_status: null,
};
const prefs = (overrides: Partial<PreferenceValues> = {}): PreferenceValues => ({ ...defaultPreferences(), strict_fields: [], ...overrides });
const walk = (query: Record<string, string>, values = prefs()) => feedPolicy.walk(suitor, values, FeedQuerySchema.parse(query), new Date('2026-06-01T00:00:00Z'));

describe('feedPolicy.walk: members who hide their age (issue #27 item 11)', () => {
  it('keeps them when no age range applies, or the range holds every age', () => {
    expect(walk({})).toMatchObject({ birthDates: null, hidesHiddenAges: false });
    expect(walk({ ageMin: '18', ageMax: '99' }).hidesHiddenAges).toBe(false);
    expect(walk({}, prefs({ strict_fields: ['age'], age_min: 18, age_max: 99 })).hidesHiddenAges).toBe(false);
  });

  it('leaves them out of any range that narrows, from the page\'s filter or a strict preference', () => {
    expect(walk({ ageMin: '19' }).hidesHiddenAges).toBe(true);
    expect(walk({ ageMax: '98' }).hidesHiddenAges).toBe(true);
    expect(walk({ ageMin: '30', ageMax: '30' }).hidesHiddenAges).toBe(true);
    expect(walk({}, prefs({ strict_fields: ['age'], age_min: 25, age_max: 35 })).hidesHiddenAges).toBe(true);
    // A soft age preference does not filter, so it does not leave anyone out either.
    expect(walk({}, prefs({ age_min: 25, age_max: 35 })).hidesHiddenAges).toBe(false);
  });
});
