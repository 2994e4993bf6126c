import type { Database } from '../db';

/**
 * `db` with its queries or transactions replaced by `overrides` (which call `db` themselves),
 * everything else passed through: for a test that watches what a store sends its database.
 */
export function watchedDatabase(
  db: Database,
  overrides: Partial<Pick<Database, 'query' | 'transaction'>>,
): Database {
  return {
    kind: db.kind,
    query: (text, params, options) => db.query(text, params, options),
    transaction: (fn, options) => db.transaction(fn, options),
    exec: (sql) => db.exec(sql),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    tryLock: (key) => db.tryLock(key),
    session: (onLost) => db.session(onLost),
    close: () => db.close(),
    ...overrides,
  };
}
