import { decodeListCursor, encodeListCursor, InvalidListCursorError } from '../list-cursor';

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

export class InvalidCatalogueCursorError extends InvalidListCursorError {
  override readonly name = 'InvalidCatalogueCursorError';
}

export function encodeCursor({ sort, at, id }: PageCursor): string {
  return encodeListCursor({ kind: sort === 'created' ? 'c' : 'u', at, id });
}

export function decodeCursor(cursor: string, expected: SortKey): PageCursor {
  const parts = decodeListCursor(cursor);
  if (parts === undefined || (parts.kind !== 'c' && parts.kind !== 'u')) {
    throw new InvalidCatalogueCursorError();
  }
  const { kind, at, id } = parts;
  const decoded: PageCursor = { sort: kind === 'c' ? 'created' : 'updated', at, id };
  if (decoded.sort !== expected) {
    throw new InvalidCatalogueCursorError(
      'The cursor belongs to a list with different filters: pass updatedAfter on every page or on none',
    );
  }
  return decoded;
}
