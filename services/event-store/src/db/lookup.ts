import type { Queryable } from './database';

/**
 * A lookup by key: `text` answers at most one row, made into the value returned, or undefined
 * when it answers none. The parameters after `db` are the statement's `$1`, `$2`, … in order:
 * `getBrand = lookup<[brandId: string], BrandRow, Brand>('… WHERE id = $1', toBrand)`.
 */
export function lookup<Params extends readonly unknown[], Row, T>(
  text: string,
  toValue: (row: Row) => T,
): (db: Queryable, ...params: Params) => Promise<T | undefined> {
  return async (db, ...params) => {
    const { rows } = await db.query<Row>(text, params);
    const row = rows[0];
    return row === undefined ? undefined : toValue(row);
  };
}
