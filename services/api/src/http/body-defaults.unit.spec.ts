import {
  memberCommunityOperations,
  operatorApi,
  publicCommunityOperations,
  routes,
} from '@brand-api/contracts';
import { edgeArbitrary } from '@brand-api/contracts/testing';
import fc from 'fast-check';
import { Type } from 'typebox';
import type { TSchema } from 'typebox';
import { Clone, Default } from 'typebox/value';
import { compileDefaults } from './body-defaults';

/** Every JSON body the API takes. */
const operations: readonly { operationId: string; body?: unknown }[] = [
  ...routes,
  ...Object.values(operatorApi),
  ...publicCommunityOperations,
  ...memberCommunityOperations,
];
const bodies = operations.flatMap(({ operationId, body }) =>
  body ? [[operationId, body] as const] : [],
);

/** TypeBox's own `Default` and the compiled one, each on its own copy of `value`. */
function both(schema: TSchema, value: unknown) {
  const apply = compileDefaults(schema);
  if (!apply) throw new Error('not compiled');
  return { compiled: apply(Clone(value)), typebox: Default(schema, Clone(value)) };
}

/** `value` with some of its properties, at any depth, left out (a path picks each). */
function without(value: unknown, picks: readonly number[]): unknown {
  const copy = Clone(value);
  for (const pick of picks) {
    let node: unknown = copy;
    for (let depth = 0; typeof node === 'object' && node !== null; depth += 1) {
      const keys = Object.keys(node);
      if (keys.length === 0) break;
      const key = keys[(pick >> depth) % keys.length]!;
      const child = (node as Record<string, unknown>)[key];
      if (typeof child !== 'object' || child === null || (pick >> (depth + 8)) % 2 === 0) {
        delete (node as Record<string, unknown>)[key];
        break;
      }
      node = child;
    }
  }
  return copy;
}

describe('body defaults compiled once per schema', () => {
  const record = Type.Object(
    {
      title: Type.String(),
      imageUrl: Type.Optional(Type.Union([Type.String(), Type.Null()], { default: null })),
      tags: Type.Optional(Type.Array(Type.String(), { default: [] })),
    },
    { additionalProperties: false },
  );
  const bulk = Type.Object({ upsertRecords: Type.Optional(Type.Array(record)) });

  it('gives a missing property its default, a copy each time, and keeps what was sent', () => {
    const apply = compileDefaults(bulk)!;
    const body = { upsertRecords: [{ title: 'a' }, { title: 'b', imageUrl: 'x', tags: ['t'] }] };
    expect(apply(body)).toEqual({
      upsertRecords: [
        { title: 'a', imageUrl: null, tags: [] },
        { title: 'b', imageUrl: 'x', tags: ['t'] },
      ],
    });
    const [first] = (body.upsertRecords as { tags: string[] }[]) ?? [];
    first!.tags.push('changed');
    expect(apply({ upsertRecords: [{ title: 'c' }] })).toEqual({
      upsertRecords: [{ title: 'c', imageUrl: null, tags: [] }],
    });
  });

  it('leaves a value of the wrong shape as TypeBox does, for the check to refuse', () => {
    for (const value of [null, 3, 'text', [], { upsertRecords: 'no' }, { upsertRecords: [7] }]) {
      const { compiled, typebox } = both(bulk, value);
      expect(compiled).toEqual(typebox);
    }
  });

  it('hands a union with a default inside a branch to TypeBox', () => {
    const schema = Type.Object({
      choice: Type.Union([
        Type.Object({ kind: Type.Literal('a'), size: Type.Optional(Type.Number({ default: 1 })) }),
        Type.Object({ kind: Type.Literal('b') }),
      ]),
    });
    for (const value of [{ choice: { kind: 'a' } }, { choice: { kind: 'b' } }, {}]) {
      const { compiled, typebox } = both(schema, value);
      expect(compiled).toEqual(typebox);
    }
    expect(both(schema, { choice: { kind: 'a' } }).compiled).toEqual({
      choice: { kind: 'a', size: 1 },
    });
  });

  it('is not compiled for a schema with a reference, which needs its validator', () => {
    expect(compileDefaults(Type.Object({ a: Type.Ref('A') }))).toBeUndefined();
  });

  it.each(bodies)('agrees with TypeBox on %s, whatever the client sends', (_, schema) => {
    fc.assert(
      fc.property(edgeArbitrary(schema), fc.array(fc.nat(), { maxLength: 6 }), (sent, picks) => {
        const value = without(sent, picks);
        const { compiled, typebox } = both(schema, value);
        expect(compiled).toEqual(typebox);
      }),
      { numRuns: 50 },
    );
  });
});
