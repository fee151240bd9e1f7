/** `items` in slices of `size`: inserts stay under the databases' parameter limits. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** Rows per INSERT statement. */
export const ROW_BATCH = 500;
