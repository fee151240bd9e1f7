/** Query keys of the member's own standing (issue 30). */
export const standingKeys = {
  all: ['standing'] as const,
  standing: () => [...standingKeys.all, 'account'] as const,
};
