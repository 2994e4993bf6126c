/**
 * Lists as async iterators: each page's `nextCursor` goes back as the next call's cursor
 * (`cursor` for products and variants, `after` for members, member groups and posts) until
 * `hasMore` is false.
 */
export interface Page<T> {
  hasMore: boolean;
  data: T[];
  nextCursor: string | null;
}

/** Every item of every page, fetching a page only when the previous one is used up. */
export async function* eachItem<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  firstCursor?: string,
): AsyncGenerator<T, void, undefined> {
  for await (const page of eachPage(fetchPage, firstCursor)) yield* page.data;
}

export async function* eachPage<T>(
  fetchPage: (cursor: string | undefined) => Promise<Page<T>>,
  firstCursor?: string,
): AsyncGenerator<Page<T>, void, undefined> {
  let cursor = firstCursor;
  for (;;) {
    const page = await fetchPage(cursor);
    yield page;
    if (!page.hasMore || page.nextCursor === null) return;
    cursor = page.nextCursor;
  }
}
