import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { coerceQuery, compileQueryCoercion } from './query-strings';
import { ListBrandProductVariantsQuery, ListPostsQuery } from './requests';
import { routes } from './routes';

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

describe('compileQueryCoercion', () => {
  // Every query and path schema of the route table, with no, some and unknown parameters.
  const parts = routes.flatMap((route) =>
    [route.query, route.params]
      .filter((schema) => schema !== undefined)
      .map((schema) => [route.operationId, schema] as const),
  );
  const samples = [{}, { limit: '5' }, { limit: '5', cursor: 'abc', extra: ['x', 'y'] }];

  it.each(parts)('%s: fills the same defaults as Value.Default', (_, schema) => {
    const compiled = compileQueryCoercion(schema);
    for (const raw of samples) {
      const converted = compiled(raw);
      expect(converted).toEqual(Value.Default(schema, { ...converted }));
    }
  });

  it('gives each request its own copy of a default', () => {
    const schema = Type.Object({
      tags: Type.Optional(Type.Array(Type.String(), { default: ['a'] })),
    });
    const compiled = compileQueryCoercion(schema);
    const first = compiled({});
    (first.tags as string[]).push('changed');
    expect(compiled({})).toEqual({ tags: ['a'] });
  });

  it('keeps __proto__ as a parameter validation refuses, never as the prototype', () => {
    const schema = Type.Object(
      { limit: Type.Optional(Type.Integer()) },
      { additionalProperties: false },
    );
    const converted = compileQueryCoercion(schema)({ ['__proto__']: ['a', 'b'], limit: '3' });
    expect(Object.getPrototypeOf(converted)).toBe(Object.prototype);
    expect(Object.keys(converted)).toEqual(['__proto__', 'limit']);
    expect(Compile(schema).Check(converted)).toBe(false);
  });
});
