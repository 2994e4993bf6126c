import type { SqlStatement } from './projection';

/** Postgres refuses a statement with more parameters than this (the protocol counts them in 16 bits). */
const maxParameters = 65_535;
/** Rows per multi-row INSERT at most, whatever the column count: keeps one statement's text small. */
const maxRowsPerInsert = 1000;

/** Texts of up to this many rows are kept; longer ones, rarer, are written when needed. */
const maxCachedRows = 32;

const plainIdentifier = /^[a-z_][a-z0-9_]*$/;

export interface RowInsertSpec<C extends string> {
  /** The table, as the search path finds it (a rebuild puts its shadow schema first). */
  into: string;
  columns: readonly C[];
  /**
   * `ON CONFLICT (these columns) DO NOTHING`: a row whose key is already there is skipped, so
   * applying an event twice changes nothing.
   */
  skipConflictsOn?: readonly string[];
}

/**
 * One INSERT of one row per event that the runner may send together with the same INSERT of the
 * events after it, as one multi-row `INSERT … VALUES (…), (…)` with every value a parameter.
 * Rows go in log order, so the outcome is the one of inserting them one by one: with
 * `skipConflictsOn`, a row whose key an earlier row of the same statement took is skipped, as its
 * own INSERT would have been. The SQL text is made from the names given here (code, never data).
 */
export class RowInsert<C extends string = string> {
  readonly columns: readonly C[];
  /** The most rows one statement may carry. */
  readonly maxRows: number;
  private readonly head: string;
  private readonly tail: string;
  private readonly texts = new Map<number, string>();

  constructor(spec: RowInsertSpec<C>) {
    for (const name of [spec.into, ...spec.columns, ...(spec.skipConflictsOn ?? [])]) {
      if (!plainIdentifier.test(name)) throw new RangeError(`Not a plain SQL identifier: ${name}`);
    }
    if (spec.columns.length === 0) throw new RangeError('A row insert needs at least one column');
    this.columns = spec.columns;
    this.maxRows = Math.min(maxRowsPerInsert, Math.floor(maxParameters / spec.columns.length));
    this.head = `INSERT INTO ${spec.into} (${spec.columns.join(', ')}) VALUES `;
    this.tail = spec.skipConflictsOn
      ? ` ON CONFLICT ${spec.skipConflictsOn.length > 0 ? `(${spec.skipConflictsOn.join(', ')}) ` : ''}DO NOTHING`
      : '';
  }

  /** The statement inserting `row`. */
  row(row: Readonly<Record<C, unknown>>): SqlStatement {
    return {
      text: this.textFor(1),
      params: this.columns.map((column) => row[column]),
      insert: this,
    };
  }

  /** The INSERT of `rows` rows: `($1, $2), ($3, $4)`, parameters in row order. */
  textFor(rows: number): string {
    let text = this.texts.get(rows);
    if (text === undefined) {
      const width = this.columns.length;
      const tuples = Array.from(
        { length: rows },
        (_, row) =>
          `(${this.columns.map((_column, column) => `$${row * width + column + 1}`).join(', ')})`,
      );
      text = `${this.head}${tuples.join(', ')}${this.tail}`;
      if (rows <= maxCachedRows) this.texts.set(rows, text);
    }
    return text;
  }
}

/** Declares a row insert once, at module level: `const insertBrand = rowInsert({ … })`. */
export function rowInsert<C extends string>(spec: RowInsertSpec<C>): RowInsert<C> {
  return new RowInsert(spec);
}
