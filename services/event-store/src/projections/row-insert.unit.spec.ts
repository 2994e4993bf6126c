import { preparedName } from '../db';
import { rowInsert, rowsStatement } from './row-insert';

describe('rowInsert', () => {
  const insertBrand = rowInsert({
    into: 'brands',
    columns: ['id', 'name', 'created_at'],
    skipConflictsOn: ['id'],
  });

  it('makes one row a parameterised INSERT, its values in column order', () => {
    expect(insertBrand.row({ name: "O'Neil", created_at: 'now', id: 'b1' })).toEqual({
      text: 'INSERT INTO brands (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
      params: ['b1', "O'Neil", 'now'],
      // Prepared once per connection, under a name that stands for this text alone.
      name: preparedName('row_insert', insertBrand.textFor(1)),
      insert: insertBrand,
    });
  });

  it('numbers the parameters of several rows row after row', () => {
    expect(insertBrand.textFor(3)).toBe(
      'INSERT INTO brands (id, name, created_at) VALUES ($1, $2, $3), ($4, $5, $6), ($7, $8, $9)' +
        ' ON CONFLICT (id) DO NOTHING',
    );
    expect(insertBrand.textFor(40).match(/\$120\)/)).not.toBeNull();
  });

  it('skips any conflict without a target, or none at all', () => {
    const anyConflict = rowInsert({ into: 't', columns: ['a'], skipConflictsOn: [] });
    expect(anyConflict.textFor(1)).toBe('INSERT INTO t (a) VALUES ($1) ON CONFLICT DO NOTHING');
    expect(rowInsert({ into: 't', columns: ['a'] }).textFor(2)).toBe(
      'INSERT INTO t (a) VALUES ($1), ($2)',
    );
  });

  it('keeps a statement under the 65,535 parameters Postgres takes', () => {
    const wide = rowInsert({
      into: 'wide',
      columns: Array.from({ length: 100 }, (_, i) => `c${i}`),
    });
    expect(wide.maxRows).toBe(655);
    expect(insertBrand.maxRows).toBe(1000);
  });

  it('refuses a name that is not a plain identifier', () => {
    expect(() => rowInsert({ into: 'brands; DROP TABLE x', columns: ['id'] })).toThrow(RangeError);
    expect(() => rowInsert({ into: 'brands', columns: ['"id"'] })).toThrow(RangeError);
    expect(() => rowInsert({ into: 'brands', columns: [] })).toThrow(RangeError);
  });
});

describe('rowsStatement', () => {
  const queue = rowsStatement({
    columns: [
      ['id', 'uuid'],
      ['at', 'timestamp with time zone'],
    ],
    statement: (rows) => `INSERT INTO queue (id, at) SELECT id, at FROM ${rows} ORDER BY ordinal`,
  });

  it('takes its rows as one array per column, numbered in the order given', () => {
    expect(queue.text).toBe(
      'INSERT INTO queue (id, at) SELECT id, at FROM unnest($1::uuid[], ' +
        '$2::timestamp with time zone[]) WITH ORDINALITY AS rows (id, at, ordinal) ORDER BY ordinal',
    );
    expect(queue.row({ at: 't1', id: 'a' })).toEqual({
      text: queue.text,
      params: [['a'], ['t1']],
      name: queue.name,
      insert: queue,
    });
  });

  it('merges rows into the same text, each column an array in row order', () => {
    const rows = [
      queue.row({ id: 'a', at: 't1' }),
      queue.row({ id: 'b', at: null }),
      queue.row({ id: 'c', at: 't3' }),
    ];
    expect(
      queue.merge(
        rows.flatMap((row) => row.params!),
        rows.length,
      ),
    ).toEqual({
      text: queue.text,
      name: queue.name,
      params: [
        ['a', 'b', 'c'],
        ['t1', null, 't3'],
      ],
    });
    expect(queue.maxRows).toBe(1000);
  });

  it('refuses a name or a type that is not plain, and the name it gives the row order', () => {
    const spec = (name: string, type: string) => ({
      columns: [[name, type] as const],
      statement: (rows: string) => `SELECT * FROM ${rows}`,
    });
    expect(() => rowsStatement(spec('id; DROP TABLE x', 'uuid'))).toThrow(RangeError);
    expect(() => rowsStatement(spec('ordinal', 'integer'))).toThrow(RangeError);
    expect(() => rowsStatement(spec('id', 'uuid[]'))).toThrow(RangeError);
    expect(() => rowsStatement(spec('id', "text) ; SELECT ('x"))).toThrow(RangeError);
    expect(() => rowsStatement({ columns: [], statement: () => '' })).toThrow(RangeError);
  });
});
