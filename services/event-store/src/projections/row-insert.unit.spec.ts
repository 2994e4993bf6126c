import { rowInsert } from './row-insert';

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
