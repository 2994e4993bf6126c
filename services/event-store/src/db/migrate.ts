import type { Database } from './database';
import { forLongWork } from './pg-database';

export interface Migration {
  /** Unique and ordered within its package, e.g. `event-store/001-events`. */
  id: string;
  sql: string;
}

/**
 * Applies migrations not yet recorded, each in its own transaction, under a transaction-level
 * advisory lock so concurrent starts do not race. Without statement bounds: a migration may
 * build an index over a large table, or wait for another process's migrations.
 */
export async function migrate(
  database: Database,
  migrations: readonly Migration[],
): Promise<string[]> {
  const db = forLongWork(database);
  // Under the same lock as the migrations: two processes starting together on one server would
  // otherwise race on CREATE TABLE IF NOT EXISTS and one would fail on a duplicate key.
  await db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('schema_migrations'))`);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      id text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  const applied: string[] = [];
  for (const migration of migrations) {
    const done = await db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('schema_migrations'))`);
      const existing = await tx.query('SELECT 1 FROM schema_migrations WHERE id = $1', [
        migration.id,
      ]);
      if (existing.rowCount > 0) return false;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
      return true;
    });
    if (done) applied.push(migration.id);
  }
  return applied;
}

/** Splits a script on `;` at line ends. Migrations keep one statement per `;`-terminated block. */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0 && !/^(--[^\n]*\n?)*$/.test(statement));
}
