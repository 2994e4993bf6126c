import { isCursorInstant } from '../cursor-instant';

/**
 * Opaque cursors of the community lists: the sort key (instant, id) of a page's last row and
 * the list it belongs to, so a members cursor is refused by the posts list.
 */
export type CommunityList = 'members' | 'memberGroups' | 'posts';

export interface CommunityCursor {
  at: string;
  id: string;
}

export class InvalidCommunityCursorError extends Error {
  override readonly name = 'InvalidCommunityCursorError';
  constructor(message = 'The cursor is not one this list returned') {
    super(message);
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCommunityCursor(list: CommunityList, cursor: CommunityCursor): string {
  return Buffer.from(`${list}|${cursor.at}|${cursor.id}`).toString('base64url');
}

export function decodeCommunityCursor(list: CommunityList, cursor: string): CommunityCursor {
  const [kind, at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  if (kind !== list || !at || !id || rest.length > 0 || !isCursorInstant(at) || !uuid.test(id)) {
    throw new InvalidCommunityCursorError();
  }
  return { at, id };
}
