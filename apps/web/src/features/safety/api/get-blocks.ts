import { BLOCKS_PAGE_SIZE, type BlockedMember, type Pagination } from '@linkup/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { safetyKeys } from '@/features/safety/api/keys';
import { api } from '@/lib/api-client';
import { schemas } from '@/lib/schemas';

export interface BlocksPage {
  items: BlockedMember[];
  pagination: Pagination;
}

/** GET /blocks?page= → the members I blocked, most recent first. */
export async function getBlocks({ page = 1, signal }: { page?: number; signal?: AbortSignal } = {}): Promise<BlocksPage> {
  const response = await api.get<unknown>('/blocks', { page, per_page: BLOCKS_PAGE_SIZE }, { signal });
  const { paginated, BlockedMemberSchema } = await schemas();
  return paginated(BlockedMemberSchema).parse(response.data);
}

export const blocksQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: safetyKeys.blocks(),
    queryFn: ({ pageParam, signal }) => getBlocks({ page: pageParam, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.current_page < last.pagination.last_page ? last.pagination.current_page + 1 : undefined),
  });

export function useBlocks() {
  return useInfiniteQuery(blocksQueryOptions());
}
