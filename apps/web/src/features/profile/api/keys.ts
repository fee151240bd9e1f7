/** Query keys of the profile feature; everything under ['profile'] is the member's own profile data. */
export const profileKeys = {
  all: ['profile'] as const,
  me: () => [...profileKeys.all, 'me'] as const,
  photos: () => [...profileKeys.all, 'photos'] as const,
  interestCatalogue: () => [...profileKeys.all, 'interest-catalogue'] as const,
};
