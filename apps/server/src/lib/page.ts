import type { Pagination } from '@linkup/contract';

/** A page of a list, as every paginated endpoint answers it (spec §3). */
export interface Page<T> {
  items: T[];
  pagination: Pagination;
}

export function pageOf<T>(items: T[], total: number, page: number, perPage: number): Page<T> {
  return { items, pagination: { current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)), per_page: perPage, total } };
}
