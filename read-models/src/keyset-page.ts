/** One page of a list walked by keyset (sort key, then id): each page costs the same at any depth. */
export interface KeysetPage<T> {
  data: T[];
  hasMore: boolean;
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}

/**
 * The page that rows read with a limit one higher than `limit` make: the extra row says
 * exactly whether another page follows. Keeps the first `limit` rows, as `show` shows them,
 * and, when another page follows, the cursor after the last of them.
 */
export function keysetPage<Row, T>(
  rows: Row[],
  limit: number,
  cursorAfter: (last: Row) => string,
  show: (kept: Row[]) => T[],
): KeysetPage<T> {
  const hasMore = rows.length > limit;
  const kept = hasMore ? rows.slice(0, limit) : rows;
  const last = kept.at(-1);
  return {
    data: show(kept),
    hasMore,
    nextCursor: hasMore && last !== undefined ? cursorAfter(last) : null,
  };
}

/** For rows read in the list's shape already. */
export const asRead = <Row>(rows: Row[]): Row[] => rows;
