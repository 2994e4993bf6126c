import { decodeCursor, encodeCursor } from './catalogue/cursor';
import { decodeCommunityCursor, encodeCommunityCursor } from './community/cursor';
import { isCursorInstant } from './cursor-instant';

const id = '2c4e6a8b-0d1f-4a3c-9e5b-7d9f1b3d5f7a';

describe('the instant inside a list cursor', () => {
  it.each(['2025-03-01T10:15:00.000Z', '0001-01-01T00:00:00.000Z', '9999-12-31T23:59:59.999Z'])(
    'accepts %s, as the read queries write it',
    (at) => {
      expect(isCursorInstant(at)).toBe(true);
      expect(decodeCursor(encodeCursor({ sort: 'created', at, id }), 'created').at).toBe(at);
      expect(decodeCommunityCursor('posts', encodeCommunityCursor('posts', { at, id })).at).toBe(
        at,
      );
    },
  );

  it.each([
    '0000-01-01T00:00:00.000Z',
    '2025-03-01T10:15:00Z',
    '2025-03-01T10:15:00.000-23:59',
    '2025-02-30T00:00:00.000Z',
    'Tue, 01 Apr 2025 10:00:00 GMT',
    '1',
  ])('refuses a forged %s, which Postgres cannot read or we never wrote', (at) => {
    expect(isCursorInstant(at)).toBe(false);
    expect(() => decodeCursor(encodeCursor({ sort: 'created', at, id }), 'created')).toThrow(
      'The cursor is not one this list returned',
    );
    expect(() =>
      decodeCommunityCursor('posts', encodeCommunityCursor('posts', { at, id })),
    ).toThrow('The cursor is not one this list returned');
  });
});
