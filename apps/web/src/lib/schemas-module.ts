/** Every schema of the contract, in one lazily loaded chunk (see lib/schemas.ts). */
export * from '@linkup/contract';
