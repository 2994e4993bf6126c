/**
 * Lists as async iterators: each page's `nextCursor` goes back as the next call's cursor
 * (`cursor` for products, variants and events, `after` for members, member groups and posts)
 * until `hasMore` is false.
 */
export interface Page<T> {
  hasMore: boolean;
  data: T[];
  nextCursor: string | null;
}

/** Lists follow `nextCursor` a full page (100) at a time unless a limit is given. */
export const PAGE_SIZE = 100;

/** The query parameter a list takes its position in. */
export type CursorName = 'cursor' | 'after';

/**
 * The pages of a list from `query` on, fetching a page only when the previous one is used up:
 * `query`'s cursor (if any) starts it, and each page's `nextCursor` goes back as `cursorName`.
 */
export async function* listPages<P extends Page<unknown>, Query extends object>(
  list: (query: Query) => Promise<P>,
  query: Query,
  cursorName: CursorName,
): AsyncGenerator<P, void, undefined> {
  const { [cursorName]: first, ...rest } = query as Record<string, unknown>;
  let cursor = first as string | undefined;
  for (;;) {
    const page = await list({ limit: PAGE_SIZE, ...rest, [cursorName]: cursor } as Query);
    yield page;
    if (!page.hasMore || page.nextCursor === null) return;
    cursor = page.nextCursor;
  }
}

/** Every item of every page of `listPages`. */
export async function* listItems<T, Query extends object>(
  list: (query: Query) => Promise<Page<T>>,
  query: Query,
  cursorName: CursorName,
): AsyncGenerator<T, void, undefined> {
  for await (const page of listPages(list, query, cursorName)) yield* page.data;
}
