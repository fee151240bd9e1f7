/** Query keys of the member's own photo verification (issue 31). */
export const verificationKeys = {
  all: ['verification'] as const,
  state: () => [...verificationKeys.all, 'state'] as const,
};
