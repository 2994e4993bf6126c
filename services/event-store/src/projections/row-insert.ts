import { preparedName } from '../db';
import type { MergeableRows, SqlStatement } from './sql-statement';

export type { MergeableRows } from './sql-statement';

/** Postgres refuses a statement with more parameters than this (the protocol counts them in 16 bits). */
const maxParameters = 65_535;
/** Rows per multi-row INSERT at most, whatever the column count: keeps one statement's text small. */
const maxRowsPerInsert = 1000;

/** Texts of up to this many rows are kept; longer ones, rarer, are written when needed. */
const maxCachedRows = 32;

const plainIdentifier = /^[a-z_][a-z0-9_]*$/;
/** A scalar type name as a cast takes it: `uuid`, `timestamptz`, `double precision`. */
const plainType = /^[a-z_][a-z0-9_]*( [a-z_][a-z0-9_]*)*$/;

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
export class RowInsert<C extends string = string> implements MergeableRows {
  readonly columns: readonly C[];
  /** The most rows one statement may carry. */
  readonly maxRows: number;
  private readonly head: string;
  private readonly tail: string;
  private readonly texts = new Map<number, string>();
  private oneRowName: string | undefined;

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

  /** The statement inserting `row`: prepared once per connection (a write's usual statement). */
  row(row: Readonly<Record<C, unknown>>): SqlStatement {
    const text = this.textFor(1);
    return {
      text,
      params: this.columns.map((column) => row[column]),
      name: (this.oneRowName ??= preparedName('row_insert', text)),
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

  merge(params: readonly unknown[], rows: number): SqlStatement {
    return { text: this.textFor(rows), params };
  }
}

/** Declares a row insert once, at module level: `const insertBrand = rowInsert({ … })`. */
export function rowInsert<C extends string>(spec: RowInsertSpec<C>): RowInsert<C> {
  return new RowInsert(spec);
}

export interface RowsStatementSpec<C extends string> {
  /** Each column's name and SQL type, in parameter order. */
  columns: readonly (readonly [name: C, type: string])[];
  /**
   * The statement, given its rows as a relation to select from, `unnest($1::<type>[], …) WITH
   * ORDINALITY AS rows (<columns>, ordinal)`, where `ordinal` counts the rows from 1 in the order
   * they were given (log order), for an `ORDER BY` that keeps it.
   */
  statement(rows: string): string;
}

/**
 * One statement per event over a relation of rows, which the runner may send together with the
 * same statement of the events right after it, as one statement over all their rows: for what
 * a plain multi-row INSERT cannot say (an `INSERT … SELECT` that joins, a data-modifying `WITH`
 * writing two tables). Each column travels as one array parameter, so the statement has the
 * same text and as many parameters however many rows it carries.
 *
 * The statement must give the outcome of running it row by row, in order; with
 * `ON CONFLICT DO NOTHING` a row whose key an earlier row took is skipped, as it would have
 * been. The SQL text is made from the names and types given here (code, never data).
 */
export class RowsStatement<C extends string = string> implements MergeableRows {
  readonly columns: readonly C[];
  readonly maxRows = maxRowsPerInsert;
  readonly text: string;
  /** The name it is prepared under (see `PipelinedStatement.name`). */
  readonly name: string;

  constructor(spec: RowsStatementSpec<C>) {
    if (spec.columns.length === 0)
      throw new RangeError('A rows statement needs at least one column');
    for (const [name, type] of spec.columns) {
      if (!plainIdentifier.test(name) || name === 'ordinal') {
        throw new RangeError(`Not a plain SQL identifier, or a reserved one: ${name}`);
      }
      if (!plainType.test(type)) throw new RangeError(`Not a plain SQL scalar type: ${type}`);
    }
    this.columns = spec.columns.map(([name]) => name);
    const arrays = spec.columns.map(([, type], column) => `$${column + 1}::${type}[]`);
    this.text = spec.statement(
      `unnest(${arrays.join(', ')}) WITH ORDINALITY AS rows (${this.columns.join(', ')}, ordinal)`,
    );
    // One text however many rows: prepared once per connection.
    this.name = preparedName('rows', this.text);
  }

  /** The statement over `row` alone: each parameter an array of one value. */
  row(row: Readonly<Record<C, unknown>>): SqlStatement {
    return {
      text: this.text,
      params: this.columns.map((column) => [row[column]]),
      name: this.name,
      insert: this,
    };
  }

  merge(params: readonly unknown[], rows: number): SqlStatement {
    const width = this.columns.length;
    return {
      text: this.text,
      name: this.name,
      // Each row's parameters are arrays of one value (see `row`): one array per column.
      params: this.columns.map((_name, column) =>
        Array.from(
          { length: rows },
          (_, row) => (params[row * width + column] as readonly unknown[])[0],
        ),
      ),
    };
  }
}

/** Declares a rows statement once, at module level: `const enqueue = rowsStatement({ … })`. */
export function rowsStatement<C extends string>(spec: RowsStatementSpec<C>): RowsStatement<C> {
  return new RowsStatement(spec);
}
