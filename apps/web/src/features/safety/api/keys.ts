/** Query keys of the safety feature; everything under ['safety'] is blocks data. */
export const safetyKeys = {
  all: ['safety'] as const,
  blocks: () => [...safetyKeys.all, 'blocks'] as const,
};
