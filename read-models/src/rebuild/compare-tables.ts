import type { Queryable } from '@brand-api/event-store';
import { quoteIdent } from './shadow-schema';

export type RowValues = Record<string, unknown>;

export interface RowChange {
  /** Primary key of the row (the whole row when the table has none). */
  key: RowValues;
  fields: { column: string; live: unknown; rebuilt: unknown }[];
}

/** How one live table differs from the same table rebuilt from the log. */
export interface TableDiff {
  table: string;
  /** Rows the log says should exist but the live table lacks (or has with other values). */
  missingInLive: number;
  /** Rows in the live table the log does not account for (or has with other values). */
  unexpectedInLive: number;
  /** Rows present on both sides under the same key with different values (from the samples). */
  changed: RowChange[];
  /** Samples (at most `sampleRows` of each) not explained by `changed`. */
  missing: RowValues[];
  unexpected: RowValues[];
  /** Columns present on one side only; compared rows use the common ones. */
  columns: { onlyLive: string[]; onlyRebuilt: string[] } | null;
  liveTableMissing: boolean;
}

export const hasDrift = (diff: TableDiff): boolean =>
  diff.missingInLive > 0 ||
  diff.unexpectedInLive > 0 ||
  diff.columns !== null ||
  diff.liveTableMissing;

async function columnsOf(tx: Queryable, schema: string, table: string): Promise<string[]> {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_attribute a
     JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relname = $2 AND a.attnum > 0 AND NOT a.attisdropped
     ORDER BY a.attnum`,
    [schema, table],
  );
  return rows.map((row) => row.name);
}

async function primaryKeyOf(tx: Queryable, schema: string, table: string): Promise<string[]> {
  const { rows } = await tx.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_index i
     JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY(i.indkey)
     WHERE n.nspname = $1 AND c.relname = $2 AND i.indisprimary
     ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [schema, table],
  );
  return rows.map((row) => row.name);
}

/**
 * Compares a live table with its rebuilt twin row by row, as JSON rows (so every column type
 * compares, `json` included), `EXCEPT ALL` both ways so duplicates count. Rows of either side
 * sharing a primary key are reported as one changed row with its differing fields.
 */
export async function compareTable(
  tx: Queryable,
  liveSchema: string,
  shadowSchema: string,
  table: string,
  sampleRows = 20,
): Promise<TableDiff> {
  const rebuiltColumns = await columnsOf(tx, shadowSchema, table);
  const liveColumns = await columnsOf(tx, liveSchema, table);
  const liveTableMissing = liveColumns.length === 0;
  const onlyLive = liveColumns.filter((column) => !rebuiltColumns.includes(column));
  const onlyRebuilt = liveTableMissing
    ? []
    : rebuiltColumns.filter((column) => !liveColumns.includes(column));
  const live = `${quoteIdent(liveSchema)}.${quoteIdent(table)}`;
  const rebuilt = `${quoteIdent(shadowSchema)}.${quoteIdent(table)}`;

  const difference = async (
    from: string,
    fromDrop: string[],
    minus: { table: string; drop: string[] } | undefined,
  ) => {
    const left = `SELECT to_jsonb(l) - $2::text[] AS r FROM ${from} l`;
    const right = minus ? ` EXCEPT ALL SELECT to_jsonb(m) - $3::text[] FROM ${minus.table} m` : '';
    const { rows } = await tx.query<{ r: RowValues; total: number }>(
      `SELECT r, count(*) OVER ()::int AS total FROM (${left}${right}) d LIMIT $1`,
      minus ? [sampleRows * 5, fromDrop, minus.drop] : [sampleRows * 5, fromDrop],
    );
    return { total: rows[0]?.total ?? 0, rows: rows.map((row) => row.r) };
  };

  const missing = await difference(
    rebuilt,
    onlyRebuilt,
    liveTableMissing ? undefined : { table: live, drop: onlyLive },
  );
  const unexpected = liveTableMissing
    ? { total: 0, rows: [] }
    : await difference(live, onlyLive, { table: rebuilt, drop: onlyRebuilt });

  const key = await primaryKeyOf(tx, shadowSchema, table);
  const keyOf = (row: RowValues) =>
    JSON.stringify(key.length > 0 ? key.map((column) => row[column]) : row);
  const unexpectedByKey = new Map(unexpected.rows.map((row) => [keyOf(row), row]));
  const changed: RowChange[] = [];
  const missingOnly: RowValues[] = [];
  for (const row of missing.rows) {
    const other = key.length > 0 ? unexpectedByKey.get(keyOf(row)) : undefined;
    if (!other) {
      missingOnly.push(row);
      continue;
    }
    unexpectedByKey.delete(keyOf(row));
    changed.push({
      key: Object.fromEntries(key.map((column) => [column, row[column]])),
      fields: Object.keys(row)
        .filter((column) => JSON.stringify(row[column]) !== JSON.stringify(other[column]))
        .map((column) => ({ column, live: other[column], rebuilt: row[column] })),
    });
  }
  return {
    table,
    missingInLive: missing.total,
    unexpectedInLive: unexpected.total,
    changed: changed.slice(0, sampleRows),
    missing: missingOnly.slice(0, sampleRows),
    unexpected: [...unexpectedByKey.values()].slice(0, sampleRows),
    columns: onlyLive.length + onlyRebuilt.length > 0 ? { onlyLive, onlyRebuilt } : null,
    liveTableMissing,
  };
}
