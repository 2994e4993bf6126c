import type { SqlStatement } from '@brand-api/event-store';

/** Column of each changeable field, and the SQL type its JSON text is cast to (`jsonb`: JSON). */
export type ChangeableColumns = Readonly<Record<string, readonly [column: string, type: string]>>;

/**
 * The UPDATE of a read-table row (by id, $1) for any subset of changed fields: a field present
 * in the event's `changes` ($2) takes its value (JSON null clears it), an absent one keeps the
 * column; the row takes the event's time ($3) and its stream's version ($4). The SQL text is
 * made once, from the names given here (code, never data).
 */
export function partialUpdate(table: string, columns: ChangeableColumns) {
  const sets = Object.entries(columns).map(([field, [column, type]]) =>
    type === 'jsonb'
      ? `${column} = CASE WHEN $2::jsonb ? '${field}' THEN nullif($2::jsonb -> '${field}', 'null'::jsonb) ELSE ${column} END`
      : `${column} = CASE WHEN $2::jsonb ? '${field}' THEN ($2::jsonb ->> '${field}')::${type} ELSE ${column} END`,
  );
  const text = `UPDATE ${table} SET ${sets.join(', ')}, updated_at = $3, version = $4 WHERE id = $1`;
  return (id: string, changes: object, at: string, version: number): SqlStatement => ({
    text,
    params: [id, JSON.stringify(changes), at, version],
  });
}

/** The UPDATE of one column of a read-table row (by id), with the event's time and version. */
export function columnUpdate(table: string, column: string) {
  const text = `UPDATE ${table} SET ${column} = $2, updated_at = $3, version = $4 WHERE id = $1`;
  return (id: string, value: unknown, at: string, version: number): SqlStatement => ({
    text,
    params: [id, value, at, version],
  });
}

/** The DELETE of the rows of a read table whose `column` holds a value ($1). */
export function rowsDelete(table: string, column = 'id') {
  const text = `DELETE FROM ${table} WHERE ${column} = $1`;
  return (value: string): SqlStatement => ({ text, params: [value] });
}
