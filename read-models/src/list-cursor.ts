import { isCursorInstant } from './cursor-instant';

/** A list cursor's parts: which walk made it, and the sort key (instant, id) of its last row. */
export interface ListCursorParts {
  kind: string;
  at: string;
  id: string;
}

/** A cursor the list never returned, or another list's: each list has its own subclass. */
export abstract class InvalidListCursorError extends Error {
  constructor(message = 'The cursor is not one this list returned') {
    super(message);
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The opaque text of a cursor: `kind|at|id` in base64url. */
export function encodeListCursor({ kind, at, id }: ListCursorParts): string {
  return Buffer.from(`${kind}|${at}|${id}`).toString('base64url');
}

/**
 * The parts of a cursor `encodeListCursor` made, or undefined for anything else (a part
 * missing or extra, an instant the queries never write, an id that is not a UUID).
 */
export function decodeListCursor(cursor: string): ListCursorParts | undefined {
  const [kind, at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (!kind || !at || !id || rest.length > 0 || !isCursorInstant(at) || !uuid.test(id)) {
    return undefined;
  }
  return { kind, at, id };
}
