import type { QueueKind, QueueStatus } from '@linkup/contract';

/** Query keys of the moderators' console (issue 30). */
export const moderationKeys = {
  all: ['moderation'] as const,
  queue: (kind: QueueKind, status: QueueStatus, page: number) => [...moderationKeys.all, 'queue', kind, status, page] as const,
  queues: () => [...moderationKeys.all, 'queue'] as const,
  report: (id: string) => [...moderationKeys.all, 'report', id] as const,
  verification: (id: string) => [...moderationKeys.all, 'verification', id] as const,
  member: (id: string) => [...moderationKeys.all, 'member', id] as const,
  appeals: (status: QueueStatus, page: number) => [...moderationKeys.all, 'appeals', status, page] as const,
  held: (page: number) => [...moderationKeys.all, 'held', page] as const,
  audit: (page: number) => [...moderationKeys.all, 'audit', page] as const,
  stats: (from: string | undefined, to: string | undefined) => [...moderationKeys.all, 'stats', from ?? '', to ?? ''] as const,
};
