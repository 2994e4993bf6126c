/**
 * An SQL condition that `row`, a row of `pg_locks`, is of the advisory lock whose key is
 * `keySql` (a bigint expression, such as `advisoryKeySql`) in this database: held or waited
 * for, by any session, in any mode (add `granted` or `NOT granted` to pick). `pg_locks` shows
 * a bigint key as two 32-bit halves, `classid` the high one and `objid` the low one (`objsubid`
 * 1); they are put back together here (`<<` wraps into the sign bit: a negative key matches
 * too), so `keySql` is written, and computed, once.
 * `advisoryLockRowSql('l', advisoryKeySql)` picks out the lock named `$1` in
 * `FROM pg_locks l WHERE …`.
 */
export function advisoryLockRowSql(row: string, keySql: string): string {
  return `${row}.locktype = 'advisory' AND ${row}.objsubid = 1
    AND ${row}.database = (SELECT oid FROM pg_database WHERE datname = current_database())
    AND ((${row}.classid::text::bigint << 32) | ${row}.objid::text::bigint) = ${keySql}`;
}
