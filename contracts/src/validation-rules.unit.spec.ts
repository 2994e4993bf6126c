/** The validation rules and limits of the contracts, rule by rule: inputs that must pass and inputs that must be refused. */
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { coerceQuery, type RawQuery } from './query-strings';
import {
  BulkBrandProductsBody,
  BulkBrandProductVariantsBody,
  CreateBrandProductBody,
  CreateBrandProductVariantBody,
  CreateMagicLinkBody,
  CreateMemberGroupBody,
  UpdateBrandProductBody,
  UpdateBrandProductVariantBody,
  UpdateMemberBody,
  UpdateMemberGroupBody,
} from './requests';
import { exampleOf } from './primitives';
import { routes } from './routes';

interface Rule {
  rule: string;
  schema: TSchema;
  good: unknown[];
  bad: unknown[];
}

const product = exampleOf(CreateBrandProductBody);
const variant = exampleOf(CreateBrandProductVariantBody);
const link = { customAuthSub: 'auth0|1', email: 'ada@example.com' };
const badge = { name: 'VIP', foregroundColor: '#FFFFFF', backgroundColor: '#6B21A8' };
const groupId = '0b7e2a55-3c1d-4f6e-8a9b-0c1d2e3f4a5b';

const without = <T extends object>(value: T, key: keyof T) => {
  const copy = { ...value };
  delete copy[key];
  return copy;
};
const times = <T>(n: number, make: (i: number) => T) =>
  Array.from({ length: n }, (_, i) => make(i));

const rules: Rule[] = [
  {
    rule: 'bulk product lists hold at most 100 records each, and a body says something',
    schema: BulkBrandProductsBody,
    good: [
      { upsertRecords: times(100, (i) => ({ ...product, storeId: `p-${i}` })) },
      { deleteRecords: times(100, (i) => `p-${i}`) },
      { upsertRecords: [], deleteRecords: ['p-1'] },
    ],
    bad: [
      { upsertRecords: times(101, (i) => ({ ...product, storeId: `p-${i}` })) },
      { deleteRecords: times(101, (i) => `p-${i}`) },
      { upsertRecords: [without(product, 'title')] },
      { deleteRecords: ['p-1', 'p-1'] },
      {},
    ],
  },
  {
    rule: 'bulk variant lists hold at most 100 records each',
    schema: BulkBrandProductVariantsBody,
    good: [{ upsertRecords: times(100, (i) => ({ ...variant, storeId: `v-${i}` })) }],
    bad: [
      { upsertRecords: times(101, (i) => ({ ...variant, storeId: `v-${i}` })) },
      { deleteRecords: times(101, (i) => `v-${i}`) },
      { upsertRecords: [without(variant, 'position')] },
    ],
  },
  {
    rule: 'magic link: customAuthSub required, and one of email or phoneNumber',
    schema: CreateMagicLinkBody,
    good: [
      link,
      { customAuthSub: 'u1', phoneNumber: '+447700900123' },
      exampleOf(CreateMagicLinkBody),
    ],
    bad: [
      without(link, 'customAuthSub'),
      { ...link, customAuthSub: '' },
      { customAuthSub: 'u1' },
      { customAuthSub: 'u1', firstName: 'Ada' },
      { ...link, email: 'not-an-email' },
      { ...link, unknown: true },
    ],
  },
  {
    rule: 'magic link: state is at most 256 characters',
    schema: CreateMagicLinkBody,
    good: [
      { ...link, state: 'x'.repeat(256) },
      { ...link, state: '' },
    ],
    bad: [{ ...link, state: 'x'.repeat(257) }],
  },
  {
    rule: 'magic link: returnTo is a relative path starting with a single / and at most 100 characters',
    schema: CreateMagicLinkBody,
    good: ['/', '/rooms/general?tab=new#top', `/${'a'.repeat(99)}`].map((returnTo) => ({
      ...link,
      returnTo,
    })),
    bad: [
      '',
      'rooms',
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      `/${'a'.repeat(100)}`,
    ].map((returnTo) => ({ ...link, returnTo })),
  },
  {
    rule: 'product create requires storeId, title, description, onlineStoreUrl; image fields may be null or left out',
    schema: CreateBrandProductBody,
    good: [
      product,
      { ...product, imageUrl: null, imageWidth: null, imageHeight: null },
      without(without(without(product, 'imageUrl'), 'imageWidth'), 'imageHeight'),
      without(product, 'imageUrl'),
    ],
    bad: [
      ...(['storeId', 'title', 'description', 'onlineStoreUrl'] as const).map((key) =>
        without(product, key),
      ),
      { ...product, imageUrl: 'ftp://cdn.example.com/a.jpg' },
      { ...product, storeId: '' },
      { ...product, imageWidth: 12.5 },
      { ...product, imageUrl: 'javascript:alert(1)' },
      { ...product, onlineStoreUrl: 'not a url' },
    ],
  },
  {
    rule: 'product update never changes storeId',
    schema: UpdateBrandProductBody,
    good: [{}, { title: 'New' }, { imageUrl: null }],
    bad: [{ storeId: 'other' }, { title: '' }],
  },
  {
    rule: 'variant create requires storeId, productStoreId, title, position',
    schema: CreateBrandProductVariantBody,
    good: [{ storeId: 'v', productStoreId: 'p', title: 'T', position: 0 }, variant],
    bad: [
      ...(['storeId', 'productStoreId', 'title', 'position'] as const).map((key) =>
        without(variant, key),
      ),
      { ...variant, position: 1.5 },
      { ...variant, currency: 'euro' },
      { ...variant, priceCents: -1 },
    ],
  },
  {
    rule: 'variant update never changes storeId',
    schema: UpdateBrandProductVariantBody,
    good: [{ productStoreId: 'p-2' }, { sku: null }],
    bad: [{ storeId: 'other' }],
  },
  {
    rule: 'member group create requires name; a badge requires name and CSS hex colours',
    schema: CreateMemberGroupBody,
    good: [
      { name: 'VIP' },
      { name: 'VIP', brandMemberBadge: badge },
      { name: 'VIP', brandMemberBadge: null },
      ...['#fff', '#FFFA', '#a1b2c3', '#a1b2c3d4'].map((c) => ({
        name: 'VIP',
        brandMemberBadge: { ...badge, foregroundColor: c },
      })),
    ],
    bad: [
      {},
      { name: '' },
      ...(['name', 'foregroundColor', 'backgroundColor'] as const).map((key) => ({
        name: 'VIP',
        brandMemberBadge: without(badge, key),
      })),
      ...['red', 'fff', '#ggg', '#12345', 'rgb(0,0,0)', '#1234567'].map((c) => ({
        name: 'VIP',
        brandMemberBadge: { ...badge, backgroundColor: c },
      })),
    ],
  },
  {
    rule: 'member group update takes a valid badge or null',
    schema: UpdateMemberGroupBody,
    good: [{ name: 'Renamed' }, { brandMemberBadge: null }, { brandMemberBadge: badge }],
    bad: [{ brandMemberBadge: { name: 'VIP' } }, { name: '' }],
  },
  {
    rule: 'member update takes isBanned, isEmailVerified and a set of group ids',
    schema: UpdateMemberBody,
    good: [
      {},
      { isBanned: true },
      { isEmailVerified: false },
      { groupIds: [] },
      { groupIds: [groupId] },
    ],
    bad: [
      { isBanned: 'yes' },
      { groupIds: ['not-a-uuid'] },
      { groupIds: [groupId, groupId] },
      { role: 'ADMIN' },
    ],
  },
];

describe.each(rules.map((r) => [r.rule, r] as const))('%s', (_, { schema, good, bad }) => {
  const validator = Compile(schema);
  it.each(good.map((value, i) => [i, value]))('accepts good input %i', (_i, value) => {
    expect(validator.Errors(value)).toEqual([]);
  });
  it.each(bad.map((value, i) => [i, value]))('refuses bad input %i', (_i, value) => {
    expect(validator.Check(value)).toBe(false);
  });
});

describe.each(
  routes.filter((r) => r.query?.properties.limit).map((r) => [r.operationId, r.query!] as const),
)('%s: limit is an integer from 1 to 100, default 10', (_, query) => {
  const validator = Compile(query);
  const parse = (raw: RawQuery) => coerceQuery(query, raw);

  it('defaults to 10', () => {
    expect(parse({})).toMatchObject({ limit: 10 });
    expect(validator.Check(parse({}))).toBe(true);
  });

  it.each(['1', '10', '100'])('accepts %s', (limit) => {
    expect(parse({ limit })).toMatchObject({ limit: Number(limit) });
    expect(validator.Check(parse({ limit }))).toBe(true);
  });

  it.each([
    ['0'],
    ['101'],
    ['-1'],
    ['1.5'],
    ['abc'],
    ['true'],
    ['0x10'],
    ['1e2'],
    [''],
    [['5', '6']],
  ])('refuses %p', (limit) => {
    expect(validator.Check(parse({ limit }))).toBe(false);
  });
});
