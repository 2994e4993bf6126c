/** Opaque keyset cursors over bigint ids: base64url of `{ "id": n }`. */
export class InvalidWebhookCursorError extends Error {
  override readonly name = 'InvalidWebhookCursorError';
}

export function encodeIdCursor(id: number): string {
  return Buffer.from(JSON.stringify({ id }), 'utf8').toString('base64url');
}

export function decodeIdCursor(cursor: string): number {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (typeof parsed === 'object' && parsed !== null && 'id' in parsed) {
      const { id } = parsed;
      if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0) return id;
    }
  } catch {
    // fall through: the cursor is not ours
  }
  throw new InvalidWebhookCursorError('The cursor is not valid; pass back a nextCursor unchanged');
}
