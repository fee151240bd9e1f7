/**
 * Vocabularies of the profile, feed post and preference forms (spec §3 lists the fields, not
 * their values; these are ours, DESIGN §6). One list each, used by forms and server validation.
 */

export const GENDERS = ['male', 'female', 'non_binary'] as const;
export const MARITAL_STATUSES = ['single', 'divorced', 'widowed', 'separated'] as const;
export const BODY_TYPES = ['slim', 'athletic', 'average', 'curvy', 'muscular', 'plus_size'] as const;
export const RELATIONSHIP_TYPES = ['long_term', 'short_term', 'friendship', 'marriage', 'casual', 'not_sure'] as const;
export const DRINKING_HABITS = ['never', 'rarely', 'socially', 'regularly'] as const;
export const LOVE_LANGUAGES = [
  'words_of_affirmation', 'quality_time', 'acts_of_service', 'physical_touch', 'receiving_gifts',
] as const;

export type Gender = (typeof GENDERS)[number];
export type MaritalStatus = (typeof MARITAL_STATUSES)[number];
export type BodyType = (typeof BODY_TYPES)[number];
export type RelationshipType = (typeof RELATIONSHIP_TYPES)[number];
export type DrinkingHabit = (typeof DRINKING_HABITS)[number];
export type LoveLanguage = (typeof LOVE_LANGUAGES)[number];

/** Human label for a vocabulary value: 'long_term' → 'Long term'. */
export function vocabularyLabel(value: string): string {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Provinces and their main cities (demo data and location pickers). */
export const PROVINCES: Record<string, readonly string[]> = {
  Gauteng: ['Johannesburg', 'Pretoria', 'Soweto', 'Centurion', 'Sandton'],
  'Western Cape': ['Cape Town', 'Stellenbosch', 'Paarl', 'George'],
  'KwaZulu-Natal': ['Durban', 'Pietermaritzburg', 'Umhlanga', 'Richards Bay'],
  'Eastern Cape': ['Gqeberha', 'East London', 'Mthatha'],
  'Free State': ['Bloemfontein', 'Welkom'],
  Limpopo: ['Polokwane', 'Thohoyandou'],
  Mpumalanga: ['Mbombela', 'Emalahleni'],
  'North West': ['Rustenburg', 'Mahikeng', 'Potchefstroom'],
  'Northern Cape': ['Kimberley', 'Upington'],
};

export const INTEREST_CATALOGUE = [
  'Hiking', 'Cooking', 'Travel', 'Music', 'Dancing', 'Reading', 'Movies', 'Photography', 'Fitness',
  'Yoga', 'Gaming', 'Art', 'Football', 'Rugby', 'Cricket', 'Running', 'Cycling', 'Wine tasting',
  'Coffee', 'Gardening', 'Fashion', 'Volunteering', 'Technology', 'Board games', 'Camping',
  'Beach days', 'Live music', 'Theatre', 'Pets', 'Braai',
] as const;
export const INTERESTS_MAX = 10;
