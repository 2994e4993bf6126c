/** One parameterised statement: values travel as parameters, never inside `text`. */
export interface SqlStatement {
  text: string;
  params?: readonly unknown[];
  /** Prepared once per connection under this name (see `PipelinedStatement.name`). */
  name?: string;
  /**
   * Set by `RowInsert.row()` and `RowsStatement.row()`: the statement stands for one row of that
   * statement, and the runner may send it together with the rows of the statements right after
   * it (see row-insert.ts).
   */
  insert?: MergeableRows;
}

/**
 * A statement that stands for one row and that the runner may send together with the rows of
 * the same statement right after it, as one statement over all of them (see statement-pipeline.ts).
 */
export interface MergeableRows {
  /** The most rows one statement may carry. */
  readonly maxRows: number;
  /**
   * The one statement over `rows` rows, given their statements' parameters one after the other
   * (each row's in its statement's order).
   */
  merge(params: readonly unknown[], rows: number): SqlStatement;
}
