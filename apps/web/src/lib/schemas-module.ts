/** Every schema of the contract, in one lazily loaded chunk (see lib/schemas.ts). */
// First: zod's settings apply to schemas built after them.
import '@/lib/zod-config';

export * from '@linkup/contract';
