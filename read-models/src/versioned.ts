import type { Queryable, QueryOptions } from '@brand-api/event-store';

/**
 * One resource with the version of its event stream (the stream version of its last event),
 * which the API answers as its `ETag`: as a read table shows it, or as a write decided it.
 */
export interface Versioned<T> {
  data: T;
  version: number;
}

/**
 * The get of one of the brand's rows by id, with its version: `text` reads it with the id as
 * `$1` and the brand as `$2` (another brand's row is not found), `toData` shapes the row.
 */
export function versionedGet<Row, T>(
  text: string,
  toData: (row: Omit<Row, 'version'>) => T,
  options?: QueryOptions,
): (db: Queryable, brandId: string, id: string) => Promise<Versioned<T> | undefined> {
  return async (db, brandId, id) => {
    const { rows } = await db.query<Row & { version: number }>(text, [id, brandId], options);
    const row = rows[0];
    if (row === undefined) return undefined;
    const { version, ...rest } = row;
    return { data: toData(rest), version };
  };
}
