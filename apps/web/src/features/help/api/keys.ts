/** Query keys of the help feature. */
export const helpKeys = {
  all: ['help'] as const,
  faq: (search: string) => [...helpKeys.all, 'faq', search] as const,
};
