import type { RecordedEvent } from '@brand-api/event-store';
import { brandsProjection } from '../brands/projection';
import { catalogueProjection } from '../catalogue/projection';
import { communityProjection } from '../community/projection';
import { shapeOf } from './statement-shape';

const textsOf = async (
  projection: { apply: typeof communityProjection.apply },
  type: string,
  data: unknown,
) => {
  const event = {
    type,
    data,
    metadata: { brandId: '00000000-0000-4000-8000-000000000001' },
    recordedAt: new Date(0),
  } as unknown as RecordedEvent;
  const statements = await projection.apply(event, { query: () => Promise.reject(new Error()) });
  return (statements ?? []).map((statement) => statement.text);
};

describe('shapeOf', () => {
  it('reads the INSERT … DO NOTHING of a projection as a mergeable write of its table', () => {
    const shape =
      shapeOf(`INSERT INTO brands (id, name, custom_auth_enabled, created_at, updated_at)
                   VALUES ($1, $2, $3, $4, $4)
                   ON CONFLICT (id) DO NOTHING`);
    expect(shape).toMatchObject({
      kind: 'write',
      table: 'brands',
      values: {
        columns: ['id', 'name', 'custom_auth_enabled', 'created_at', 'updated_at'],
        items: [0, 1, 2, 3, 3],
      },
    });
    if (shape.kind !== 'write' || !shape.values) throw new Error('not mergeable');
    expect(`${shape.values.head}(…)${shape.values.tail}`).toMatch(
      /^INSERT INTO brands \(id, .*\)\s+VALUES \(…\)\s+ON CONFLICT \(id\) DO NOTHING$/,
    );
  });

  it('classifies every statement of the three read models as it should be', async () => {
    const member = '00000000-0000-4000-8000-0000000000aa';
    const writes = [
      ...(await textsOf(brandsProjection, 'BrandUpdated', { brandId: member, changes: {} })),
      ...(await textsOf(catalogueProjection, 'ProductUpdated', { productId: member, changes: {} })),
      ...(await textsOf(catalogueProjection, 'ProductDeleted', { productId: member })),
      ...(await textsOf(communityProjection, 'MemberProfileUpdated', {
        memberId: member,
        changes: {},
      })),
      ...(await textsOf(communityProjection, 'MemberGroupUpdated', {
        memberGroupId: member,
        changes: {},
      })),
      ...(await textsOf(communityProjection, 'PostPinned', { postId: member })),
    ];
    expect(writes.map((text) => shapeOf(text).kind)).toEqual(writes.map(() => 'write'));
    // UPDATE and DELETE keep their order and run as prepared statements: nothing to merge.
    for (const text of writes) expect(shapeOf(text)).not.toHaveProperty('values');

    // Sub-SELECTs read other tables: those statements keep their place among all the others.
    const replaced = await textsOf(communityProjection, 'MemberGroupsReplaced', {
      memberId: member,
      groupIds: [],
    });
    expect(replaced.map((text) => shapeOf(text).kind)).toEqual(['barrier', 'write', 'barrier']);
    const deleted = await textsOf(communityProjection, 'MemberGroupDeleted', {
      memberGroupId: member,
    });
    expect(deleted.map((text) => shapeOf(text).kind)).toEqual(['barrier', 'write', 'write']);
  });

  it('names the table as Postgres folds it, whatever the spelling or schema', () => {
    const tableOf = (text: string) => {
      const shape = shapeOf(text);
      return shape.kind === 'write' ? shape.table : undefined;
    };
    expect(tableOf('UPDATE public.Brands SET name = $2 WHERE id = $1')).toBe('brands');
    expect(tableOf('UPDATE "brands" b SET name = $2 WHERE b.id = $1')).toBe('brands');
    expect(tableOf('DELETE FROM ONLY shadow."brands" AS b WHERE b.id = $1')).toBe('brands');
    expect(tableOf('UPDATE "Brands" SET name = $2 WHERE id = $1')).toBe('Brands');
    expect(tableOf('DELETE FROM brands')).toBe('brands');
  });

  it('merges only bare placeholders under DO NOTHING', () => {
    const values = (text: string) => {
      const shape = shapeOf(text);
      return shape.kind === 'write' ? 'values' in shape : 'barrier';
    };
    expect(values('INSERT INTO t (a, b) VALUES ($1, $2) ON CONFLICT DO NOTHING')).toBe(true);
    expect(
      values('INSERT INTO t AS x (a) VALUES ($1) ON CONFLICT ON CONSTRAINT t_pk DO NOTHING'),
    ).toBe(true);
    expect(values('INSERT INTO t (a) VALUES ($1) ON CONFLICT (a) WHERE a > 0 DO NOTHING')).toBe(
      true,
    );
    expect(values('INSERT INTO t (a, b) VALUES ($1, now()) ON CONFLICT DO NOTHING')).toBe(
      'barrier',
    );
    expect(values('INSERT INTO t (a, b) VALUES ($1, $2::jsonb) ON CONFLICT DO NOTHING')).toBe(
      false,
    );
    expect(values("INSERT INTO t (a, b) VALUES ($1, 'x') ON CONFLICT DO NOTHING")).toBe(false);
    expect(values('INSERT INTO t (a, b) VALUES ($1, $2)')).toBe(false);
    expect(values('INSERT INTO t (a) VALUES ($1) ON CONFLICT DO NOTHING; SELECT 1')).toBe(
      'barrier',
    );
  });

  it.each([
    ['a sub-SELECT', 'UPDATE t SET a = (SELECT max(a) FROM u) WHERE id = $1'],
    ['UPDATE … FROM', 'UPDATE t SET a = u.a FROM u WHERE t.id = u.id'],
    ['DELETE … USING', 'DELETE FROM t USING u WHERE t.id = u.id'],
    ['RETURNING', 'DELETE FROM t WHERE id = $1 RETURNING *'],
    ['DO UPDATE', 'INSERT INTO t (a) VALUES ($1) ON CONFLICT (a) DO UPDATE SET a = $1'],
    ['INSERT … SELECT', 'INSERT INTO t (a) SELECT a FROM u'],
    ['a multi-row INSERT', 'INSERT INTO t (a) VALUES ($1), ($2)'],
    ['an INSERT without column list', 'INSERT INTO t VALUES ($1)'],
    ['a CTE', 'WITH x AS (DELETE FROM u RETURNING a) UPDATE t SET a = 1'],
    ['a function call', 'UPDATE t SET a = refresh_counts($1) WHERE id = $1'],
    ['a schema-qualified call', 'UPDATE t SET a = pg_catalog.lower($2) WHERE id = $1'],
    ['a quoted call', 'UPDATE t SET a = "lower"($2) WHERE id = $1'],
    ['ARRAY(…)', 'UPDATE t SET a = ARRAY(SELECT 1) WHERE id = $1'],
    ['WHERE CURRENT OF', 'UPDATE t SET a = $1 WHERE CURRENT OF c'],
    ['two statements', 'UPDATE t SET a = 1; UPDATE u SET a = 1'],
    ['a nested comment', 'UPDATE t SET a = 1 /* /* */ */ WHERE id = $1'],
    ['TRUNCATE', 'TRUNCATE t'],
    ['SELECT', 'SELECT set_config($1, $2, true)'],
    ['DDL', 'CREATE TABLE t (a int)'],
    ['a Unicode escape string', "UPDATE t SET a = U&'\\0061' WHERE id = $1"],
  ])('makes %s a barrier', (_, text) => {
    expect(shapeOf(text)).toEqual({ kind: 'barrier' });
  });

  it('is not fooled by keywords inside strings, quoted names and comments', () => {
    expect(
      shapeOf(
        `UPDATE t SET "select" = 'FROM u; SELECT', note = E'it\\'s (select)', body = $$ SELECT $$
         -- SELECT * FROM u
         WHERE id = $1 AND tags = ANY($2::text[]) AND coalesce(a, 0) = 0 /* FROM */`,
      ),
    ).toEqual({ kind: 'write', table: 't', tableText: 't' });
    expect(shapeOf('UPDATE t SET a = $2::varchar(10), b = CASE WHEN $3 THEN (1) END')).toEqual({
      kind: 'write',
      table: 't',
      tableText: 't',
    });
  });
});
