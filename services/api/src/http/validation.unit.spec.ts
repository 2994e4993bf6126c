import {
  ApiError,
  CreateBrandProductBody,
  CreateMagicLinkBody,
  CreateMemberGroupBody,
  exampleOf,
  ListBrandProductsQuery,
  ListMembersQuery,
  ListPostsQuery,
  patternInWords,
  routes,
  UpdateMemberGroupBody,
} from '@brand-api/contracts';
import type { ErrorDetail } from '@brand-api/contracts';
import { Type } from 'typebox';
import type { TSchema } from 'typebox';
import { compileBodyPart, compileTextPart } from './validation';

type Reported = Required<Pick<ErrorDetail, 'field' | 'message'>>;

/** The details a body validator reports for `value`, without location (always `body` here). */
function failures(schema: TSchema, value: unknown): Reported[] {
  const validate = compileBodyPart(schema);
  try {
    validate(value);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return (error.details ?? []).map(({ field, message }) => ({ field: field ?? '', message }));
  }
  throw new Error(`expected ${JSON.stringify(value)} to be refused`);
}

const product = exampleOf(CreateBrandProductBody);
const { title: _title, ...productWithoutTitle } = product;
const badge = { name: 'VIP', foregroundColor: '#ffffff', backgroundColor: '#000000' };
const oneOfContact = 'one of email or phoneNumber is required';
const hexPattern = 'must be a hex colour: # and 3, 4, 6 or 8 hexadecimal digits, such as #6b21a8';

describe('validation details name the field the client got wrong, also inside unions', () => {
  it.each<[string, TSchema, unknown, Reported[]]>([
    [
      'magic link with neither email nor phoneNumber',
      CreateMagicLinkBody,
      { customAuthSub: 'auth0|x', firstName: 'X' },
      [
        { field: '/email', message: oneOfContact },
        { field: '/phoneNumber', message: oneOfContact },
      ],
    ],
    [
      'magic link with a bad email only reports the email',
      CreateMagicLinkBody,
      { customAuthSub: 'auth0|x', email: 'nope' },
      [{ field: '/email', message: 'must be an email address, such as ada@example.com' }],
    ],
    [
      'badge without name (Badge | null)',
      CreateMemberGroupBody,
      { name: 'G', brandMemberBadge: { foregroundColor: '#fff', backgroundColor: '#000' } },
      [{ field: '/brandMemberBadge/name', message: 'is required' }],
    ],
    [
      'badge without both colours',
      UpdateMemberGroupBody,
      { brandMemberBadge: { name: 'B' } },
      [
        { field: '/brandMemberBadge/foregroundColor', message: 'is required' },
        { field: '/brandMemberBadge/backgroundColor', message: 'is required' },
      ],
    ],
    [
      'badge with an unknown property',
      CreateMemberGroupBody,
      { name: 'G', brandMemberBadge: { ...badge, id: 'x' } },
      [
        {
          field: '/brandMemberBadge/id',
          message: 'is not allowed; the fields are name, foregroundColor, backgroundColor',
        },
      ],
    ],
    [
      'badge with a colour that is not hex',
      CreateMemberGroupBody,
      { name: 'G', brandMemberBadge: { ...badge, foregroundColor: 'purple' } },
      [{ field: '/brandMemberBadge/foregroundColor', message: hexPattern }],
    ],
    [
      'badge that is neither an object nor null',
      CreateMemberGroupBody,
      { name: 'G', brandMemberBadge: 'VIP' },
      [{ field: '/brandMemberBadge', message: 'must be object or null' }],
    ],
    [
      'nullable integer given a string, next to a missing and an unknown field',
      CreateBrandProductBody,
      { ...productWithoutTitle, imageWidth: 'wide', colour: 'red' },
      [
        { field: '/title', message: 'is required' },
        {
          field: '/colour',
          message:
            'is not allowed; the fields are storeId, title, description, onlineStoreUrl, imageUrl, imageWidth, imageHeight',
        },
        { field: '/imageWidth', message: 'must be integer or null' },
      ],
    ],
    [
      'nullable integer below its minimum reports the minimum',
      CreateBrandProductBody,
      { ...product, imageWidth: 0 },
      [{ field: '/imageWidth', message: 'must be >= 1' }],
    ],
  ])('%s', (_name, schema, value, expected) => {
    expect(failures(schema, value).sort(byField)).toEqual(expected.sort(byField));
  });
});

describe('union resolution on shapes the contracts may grow into', () => {
  const Item = Type.Object(
    { name: Type.String(), colour: Type.String({ pattern: '^#' }) },
    { additionalProperties: false },
  );
  const Shape = Type.Object(
    {
      items: Type.Optional(Type.Array(Type.Union([Item, Type.Null()]))),
      letter: Type.Optional(Type.Union([Type.Literal('a'), Type.Literal('b')])),
      role: Type.Optional(Type.Enum(['ADMIN', 'MODERATOR'])),
      nested: Type.Optional(Type.Union([Type.Union([Item, Type.String()]), Type.Null()])),
      variant: Type.Optional(
        Type.Union([
          Type.Object({ kind: Type.Literal('text'), text: Type.String() }),
          Type.Object({ kind: Type.Literal('count'), count: Type.Integer() }),
        ]),
      ),
    },
    { additionalProperties: false },
  );

  it.each<[string, unknown, Reported[]]>([
    [
      'each array item on its own path',
      { items: [null, { name: 'n', colour: '#', extra: 1 }, { colour: '#' }] },
      [
        { field: '/items/1/extra', message: 'is not allowed; the fields are name, colour' },
        { field: '/items/2/name', message: 'is required' },
      ],
    ],
    [
      'a union of literals lists the allowed values',
      { letter: 'z' },
      [{ field: '/letter', message: 'must be "a" or "b"' }],
    ],
    [
      'an enum lists the allowed values',
      { role: 'admin' },
      [{ field: '/role', message: 'must be one of "ADMIN", "MODERATOR"' }],
    ],
    [
      'a union inside a union follows the object branch',
      { nested: { colour: '#' } },
      [{ field: '/nested/name', message: 'is required' }],
    ],
    [
      'a union inside a union of none of its types',
      { nested: 3 },
      [{ field: '/nested', message: 'must be object or string or null' }],
    ],
    [
      'two object branches: the closest one wins',
      { variant: { kind: 'count', count: 'many' } },
      [{ field: '/variant/count', message: 'must be integer' }],
    ],
  ])('%s', (_name, value, expected) => {
    expect(failures(Shape, value)).toEqual(expected);
  });
});

function byField(a: { field: string }, b: { field: string }): number {
  return a.field.localeCompare(b.field);
}

describe('text the log and the read tables cannot hold is refused, naming the field', () => {
  it.each<[string, unknown, Reported[]]>([
    [
      'a NUL in a title',
      { ...product, title: 'Shirt\u0000' },
      [{ field: '/title', message: 'must not contain the NUL character (U+0000)' }],
    ],
    [
      'a lone high surrogate in a description',
      { ...product, description: 'half \ud83d of a pair' },
      [
        {
          field: '/description',
          message: 'must be valid Unicode (it contains an unpaired surrogate)',
        },
      ],
    ],
    [
      'a lone low surrogate at the end of a store id',
      { ...product, storeId: 'shirt-\ude00' },
      [{ field: '/storeId', message: 'must be valid Unicode (it contains an unpaired surrogate)' }],
    ],
    [
      'a NUL in the name of an unknown property',
      { ...product, 'x\u0000': 1 },
      [{ field: '/x\u0000', message: 'name must not contain the NUL character (U+0000)' }],
    ],
  ])('%s', (_case, body, expected) => {
    expect(failures(CreateBrandProductBody, body)).toEqual(expected);
  });

  it('keeps astral characters and pairs: an emoji title is stored', () => {
    expect(
      compileBodyPart(CreateBrandProductBody)({ ...product, title: 'Shirt 😀' }),
    ).toMatchObject({
      title: 'Shirt 😀',
    });
  });

  it('holds query strings to the same rule', () => {
    const validate = compileTextPart('query', Type.Object({ q: Type.String() }));
    let refused: unknown;
    try {
      validate({ q: 'a\u0000' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).details).toEqual([
      { location: 'query', field: '/q', message: 'must not contain the NUL character (U+0000)' },
    ]);
  });
});

describe('instants Postgres cannot represent are refused with one clear detail', () => {
  const validate = compileTextPart('query', ListBrandProductsQuery);
  const refusal = (updatedAfter: string) => {
    try {
      validate({ updatedAfter });
    } catch (error) {
      return (error as ApiError).details;
    }
    throw new Error(`expected ${updatedAfter} to be refused`);
  };
  const outOfRange =
    'must be an instant from year 0001 to 9999 with a UTC offset of at most ±15:59 and seconds from 00 to 59';

  it.each([
    '0000-01-01T00:00:00Z',
    '2025-01-01T00:00:00-23:59',
    '2025-01-01T00:00:00+16:00',
    '2025-06-30T23:59:60Z',
    '9999-12-31T23:59:60Z',
  ])('%s is valid RFC 3339 but no timestamptz', (updatedAfter) => {
    expect(refusal(updatedAfter)).toEqual([
      { location: 'query', field: '/updatedAfter', message: outOfRange },
    ]);
  });

  it('a value that is no instant at all gets the format message only', () => {
    const details = refusal('yesterday') ?? [];
    expect(details.map(({ field }) => field)).toEqual(['/updatedAfter']);
    expect(details[0]?.message).toContain('date-time');
  });

  it.each(['0001-01-01T00:00:00+15:59', '9999-12-31T23:59:59.999-15:59', '2025-06-30T23:59:59Z'])(
    '%s is accepted',
    (updatedAfter) => {
      expect(validate({ updatedAfter })).toMatchObject({ updatedAfter });
    },
  );
});

describe('messages say what to do', () => {
  const queryRefusal = (schema: Parameters<typeof compileTextPart>[1], query: object) => {
    try {
      compileTextPart('query', schema)(query);
    } catch (error) {
      return (error as ApiError).details;
    }
    throw new Error(`expected ${JSON.stringify(query)} to be refused`);
  };

  it.each([
    [ListMembersQuery, 'cursor', 'after', 'limit, after, group_id'],
    [ListMembersQuery, 'groupId', 'group_id', 'limit, after, group_id'],
    [ListMembersQuery, 'Limit', 'limit', 'limit, after, group_id'],
    [ListBrandProductsQuery, 'after', 'cursor', 'limit, cursor, updatedAfter'],
    [ListBrandProductsQuery, 'updated_after', 'updatedAfter', 'limit, cursor, updatedAfter'],
    [ListPostsQuery, 'roomid', 'roomId', 'roomId, limit, after, createdAtAfter'],
    [ListPostsQuery, 'createdAfter', 'createdAtAfter', 'roomId, limit, after, createdAtAfter'],
  ])(
    'an unknown query parameter names those the route takes and the closest',
    (schema, sent, meant, takes) => {
      expect(queryRefusal(schema, { [sent]: 'x' })).toEqual([
        {
          location: 'query',
          field: `/${sent}`,
          message: `is not allowed; did you mean \`${meant}\`? the parameters are ${takes}`,
        },
      ]);
    },
  );

  it('suggests nothing when no name is close', () => {
    expect(queryRefusal(ListMembersQuery, { q: 'ada' })).toEqual([
      {
        location: 'query',
        field: '/q',
        message: 'is not allowed; the parameters are limit, after, group_id',
      },
    ]);
  });

  it.each([
    ['not a url', 'must be an absolute http:// or https:// URL'],
    ['javascript:alert(1)', 'must be an absolute http:// or https:// URL'],
    ['ftp://cdn.example.com/a.jpg', 'must be an absolute http:// or https:// URL'],
    [
      'https://exa mple.com/',
      'must be an absolute URL, such as https://shop.example.com/products/1',
    ],
  ])('a bad URL (%j) gets one message, in words', (url, message) => {
    expect(failures(CreateBrandProductBody, { ...product, onlineStoreUrl: url })).toEqual([
      { field: '/onlineStoreUrl', message },
    ]);
  });

  it('says in words what the returnTo, phone and currency patterns mean', () => {
    const link = { customAuthSub: 'auth0|x', email: 'ada@example.com' };
    expect(failures(CreateMagicLinkBody, { ...link, returnTo: '//evil.example' })).toEqual([
      {
        field: '/returnTo',
        message:
          'must be a relative path on the community site starting with a single /, such as /rooms/general',
      },
    ]);
    expect(failures(CreateMagicLinkBody, { customAuthSub: 'x', phoneNumber: '0770' })).toEqual([
      {
        field: '/phoneNumber',
        message:
          'must be an E.164 phone number: + and 7 to 15 digits, the first not 0, such as +447700900123',
      },
    ]);
  });

  it('has words for every pattern a route of the Brand API uses', () => {
    const patterns = new Set<string>();
    const walk = (node: unknown): void => {
      if (typeof node !== 'object' || node === null) return;
      const { pattern } = node as { pattern?: unknown };
      if (typeof pattern === 'string') patterns.add(pattern);
      Object.values(node).forEach(walk);
    };
    for (const route of Object.values(routes)) walk([route.params, route.query, route.body]);
    expect([...patterns].filter((pattern) => patternInWords(pattern) === undefined)).toEqual([]);
    expect(patterns.size).toBeGreaterThan(4);
  });
});
