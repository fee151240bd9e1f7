/** Query keys of the settings feature. */
export const settingsKeys = {
  all: ['settings'] as const,
  mine: () => [...settingsKeys.all, 'mine'] as const,
};
