import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { coerceQuery } from './query-strings';
import { ListBrandProductVariantsQuery, ListPostsQuery } from './requests';

describe('coerceQuery', () => {
  const schema = Type.Object({
    n: Type.Optional(Type.Number()),
    i: Type.Optional(Type.Integer({ default: 3 })),
    b: Type.Optional(Type.Boolean()),
    s: Type.Optional(Type.String()),
  });

  it('converts exact spellings and fills defaults', () => {
    expect(coerceQuery(schema, { n: '-2.5', i: '42', b: 'false', s: '007' })).toEqual({
      n: -2.5,
      i: 42,
      b: false,
      s: '007',
    });
    expect(coerceQuery(schema, { b: 'true' })).toEqual({ b: true, i: 3 });
  });

  it('leaves anything else as text so validation names the field', () => {
    expect(coerceQuery(schema, { i: '1.5', b: 'yes', n: '1e3' })).toEqual({
      i: '1.5',
      b: 'yes',
      n: '1e3',
    });
    expect(coerceQuery(schema, { i: ['1', '2'] })).toEqual({ i: ['1', '2'] });
  });

  it('lets the list schemas check typed filters', () => {
    const variants = Compile(ListBrandProductVariantsQuery);
    expect(
      variants.Check(
        coerceQuery(ListBrandProductVariantsQuery, { updatedAfter: '2025-03-01T00:00:00Z' }),
      ),
    ).toBe(true);
    expect(
      variants.Check(coerceQuery(ListBrandProductVariantsQuery, { updatedAfter: 'yesterday' })),
    ).toBe(false);
    expect(variants.Check(coerceQuery(ListBrandProductVariantsQuery, { productId: 'p-1' }))).toBe(
      false,
    );
    expect(variants.Check(coerceQuery(ListBrandProductVariantsQuery, { color: 'red' }))).toBe(
      false,
    );
    const posts = Compile(ListPostsQuery);
    expect(
      posts.Check(coerceQuery(ListPostsQuery, { createdAtAfter: '2025-03-01T00:00:00.000+01:00' })),
    ).toBe(true);
  });
});
