import { splitStatements } from '@brand-api/event-store';
import type { Database, Queryable } from '@brand-api/event-store';
import pg from 'pg';
import type { ReadModel } from './read-model';

export const quoteIdent = (name: string): string => pg.escapeIdentifier(name);

/** The schema the live read tables are in (where migrations created them). */
export async function liveSchemaOf(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ schema: string }>('SELECT current_schema() AS schema');
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('No current schema: is search_path empty?');
  return schema;
}

/** Makes `schema` the first place unqualified names resolve to, until the transaction ends. */
export async function searchShadowFirst(
  tx: Queryable,
  shadowSchema: string,
  liveSchema: string,
): Promise<void> {
  await tx.query(`SELECT set_config('search_path', $1, true)`, [
    `${quoteIdent(shadowSchema)}, ${quoteIdent(liveSchema)}`,
  ]);
}

/**
 * Creates the shadow schema and runs the read model's migrations in it, in the caller's
 * transaction. The migrations are the live ones, unchanged: with the shadow schema first on the
 * search path, `CREATE TABLE brands` creates `<shadow>.brands`. They are not recorded in
 * schema_migrations — the shadow is scaffolding, not a migrated database.
 */
export async function createShadowSchema(
  tx: Queryable,
  readModel: ReadModel,
  shadowSchema: string,
  liveSchema: string,
): Promise<void> {
  await tx.query(`DROP SCHEMA IF EXISTS ${quoteIdent(shadowSchema)} CASCADE`);
  await tx.query(`CREATE SCHEMA ${quoteIdent(shadowSchema)}`);
  await searchShadowFirst(tx, shadowSchema, liveSchema);
  for (const migration of readModel.migrations) {
    for (const statement of splitStatements(migration.sql)) await tx.query(statement);
  }
  await tx.query(`SELECT set_config('search_path', $1, true)`, [quoteIdent(liveSchema)]);
}

export async function schemaExists(db: Queryable, schema: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
  return rows.length > 0;
}

/** Ordinary and partitioned tables of a schema, by name. */
export async function tablesOf(db: Queryable, schema: string): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition
     ORDER BY c.relname`,
    [schema],
  );
  return rows.map((row) => row.name);
}

export async function dropSchema(db: Database | Queryable, schema: string): Promise<void> {
  await db.query(`DROP SCHEMA IF EXISTS ${quoteIdent(schema)} CASCADE`);
}

/**
 * Objects a swap would not carry: only tables move, with their indexes, constraints and owned
 * sequences. A type, view or function left in the shadow schema would be dropped with it (and
 * a column using it with it), so the swap refuses instead.
 */
export async function objectsTheSwapCannotMove(tx: Queryable, schema: string): Promise<string[]> {
  const { rows } = await tx.query<{ object: string }>(
    `WITH ns AS (SELECT oid FROM pg_namespace WHERE nspname = $1)
     SELECT 'function ' || p.proname AS object FROM pg_proc p, ns WHERE p.pronamespace = ns.oid
     UNION ALL
     SELECT 'type ' || t.typname FROM pg_type t, ns
     WHERE t.typnamespace = ns.oid AND t.typrelid = 0 AND t.typcategory <> 'A'
     UNION ALL
     SELECT 'relation ' || c.relname FROM pg_class c, ns
     WHERE c.relnamespace = ns.oid AND (c.relkind IN ('v', 'm', 'f', 'c')
       OR (c.relkind = 'S' AND NOT EXISTS (
         SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid
           AND d.deptype IN ('a', 'i'))))`,
    [schema],
  );
  return rows.map((row) => row.object);
}
