import { isCursorInstant } from '../cursor-instant';

/**
 * Opaque list cursors: the sort key of the last row of a page and which key the list is
 * sorted by. A cursor only continues the kind of walk that made it.
 */
export type SortKey = 'created' | 'updated';

export interface PageCursor {
  sort: SortKey;
  /** ISO 8601 instant of the last row's sort column. */
  at: string;
  id: string;
}

export class InvalidCatalogueCursorError extends Error {
  override readonly name = 'InvalidCatalogueCursorError';
  constructor(message = 'The cursor is not one this list returned') {
    super(message);
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(`${cursor.sort === 'created' ? 'c' : 'u'}|${cursor.at}|${cursor.id}`).toString(
    'base64url',
  );
}

export function decodeCursor(cursor: string, expected: SortKey): PageCursor {
  const [sort, at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (
    (sort !== 'c' && sort !== 'u') ||
    !at ||
    !id ||
    rest.length > 0 ||
    !isCursorInstant(at) ||
    !uuid.test(id)
  ) {
    throw new InvalidCatalogueCursorError();
  }
  const decoded: PageCursor = { sort: sort === 'c' ? 'created' : 'updated', at, id };
  if (decoded.sort !== expected) {
    throw new InvalidCatalogueCursorError(
      'The cursor belongs to a list with different filters: pass updatedAfter on every page or on none',
    );
  }
  return decoded;
}
