/** Query keys of the preferences feature; everything under ['preferences'] is preferences data. */
export const preferencesKeys = {
  all: ['preferences'] as const,
  mine: () => [...preferencesKeys.all, 'mine'] as const,
  options: () => [...preferencesKeys.all, 'options'] as const,
  completion: () => [...preferencesKeys.all, 'completion'] as const,
};
