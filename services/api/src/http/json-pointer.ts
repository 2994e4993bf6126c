import { escapePointerToken } from '@brand-api/contracts';

/** RFC 6901 pointer of a path of keys: `['upsertRecords', 3, 'storeId']` → `/upsertRecords/3/storeId`. */
export function jsonPointer(path: readonly (string | number)[]): string {
  return path.length === 0
    ? '/'
    : path.map((key) => `/${escapePointerToken(String(key))}`).join('');
}
