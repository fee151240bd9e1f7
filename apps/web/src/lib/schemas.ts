/**
 * The contract's zod schemas, loaded on first use instead of with the first page: zod is the
 * heaviest library after React, and a page can render before its first answer arrives. A request
 * starts the download as it goes out, so parsing its answer rarely waits for it.
 *
 *   const response = await api.get('/matches/stats/summary');
 *   return (await schemas()).MatchStatsSchema.parse(response.data);
 *
 * Import constants and types from '@linkup/contract' as usual; only schemas come from here (the
 * bundle budget test fails when zod reaches a first page again).
 */
import type * as SchemasModule from '@/lib/schemas-module';

export type Schemas = typeof SchemasModule;

let loading: Promise<Schemas> | null = null;

export function schemas(): Promise<Schemas> {
  loading ??= import('@/lib/schemas-module').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
