import { decodeListCursor, encodeListCursor, InvalidListCursorError } from '../list-cursor';

/**
 * Opaque cursors of the community lists: the sort key (instant, id) of a page's last row and
 * the list it belongs to, so a members cursor is refused by the posts list.
 */
export type CommunityList = 'members' | 'memberGroups' | 'posts';

export interface CommunityCursor {
  at: string;
  id: string;
}

export class InvalidCommunityCursorError extends InvalidListCursorError {
  override readonly name = 'InvalidCommunityCursorError';
}

export function encodeCommunityCursor(list: CommunityList, { at, id }: CommunityCursor): string {
  return encodeListCursor({ kind: list, at, id });
}

export function decodeCommunityCursor(list: CommunityList, cursor: string): CommunityCursor {
  const parts = decodeListCursor(cursor);
  if (parts === undefined || parts.kind !== list) throw new InvalidCommunityCursorError();
  return { at: parts.at, id: parts.id };
}
