import type { MemberSummary } from '@linkup/contract';

/** The signed-in member as the match celebration and match details show them. */
export interface MatchingMe {
  name: string;
  /** A photo URL, or null for initials. */
  photo: string | null;
}

/** "Thandi, 28" (or just the name when the age is hidden). */
export const nameAndAge = (member: { name: string; age: number | null }) => (member.age === null ? member.name : `${member.name}, ${member.age}`);

/** The first name, for greetings. */
export const firstName = (name: string | null | undefined) => (name ?? '').trim().split(/\s+/)[0] ?? '';

/** "Cape Town · Less than 5 km away", leaving out what is unknown or hidden. */
export const placeLine = (member: { city: string | null; distance?: string | null }) =>
  [member.city, member.distance].filter(Boolean).join(' · ');

export const summaryPhoto = (member: MemberSummary, size: 'thumb' | 'medium' | 'large' = 'medium') => member.photo?.[size] ?? null;
