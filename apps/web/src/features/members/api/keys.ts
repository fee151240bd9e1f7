/** Query keys of the members feature; everything under ['members'] is other members' profiles. */
export const membersKeys = {
  all: ['members'] as const,
  profile: (memberId: string) => [...membersKeys.all, 'profile', memberId] as const,
};
