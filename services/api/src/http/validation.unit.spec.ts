import {
  ApiError,
  CreateBrandProductBody,
  CreateMagicLinkBody,
  CreateMemberGroupBody,
  exampleOf,
  UpdateMemberGroupBody,
} from '@brand-api/contracts';
import type { ErrorDetail } from '@brand-api/contracts';
import { Type } from 'typebox';
import type { TSchema } from 'typebox';
import { compileBodyPart } from './validation';

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
const hexPattern = `must match pattern "^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"`;

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
      [{ field: '/email', message: 'must match format "email"' }],
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
      [{ field: '/brandMemberBadge/id', message: 'is not allowed' }],
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
        { field: '/colour', message: 'is not allowed' },
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
        { field: '/items/1/extra', message: 'is not allowed' },
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
