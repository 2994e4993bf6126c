/**
 * One resource with the version of its event stream (the stream version of its last event),
 * which the API answers as its `ETag`: as a read table shows it, or as a write decided it.
 */
export interface Versioned<T> {
  data: T;
  version: number;
}

/** A read row with its `version` column, as a `Versioned` of what `toData` makes of the rest. */
export function versionedRow<Row, T>(
  { version, ...rest }: Row & { version: number },
  toData: (row: Omit<Row, 'version'>) => T,
): Versioned<T> {
  return { data: toData(rest), version };
}
