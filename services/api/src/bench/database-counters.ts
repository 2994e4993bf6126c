/**
 * What a benchmark's requests cost its database (issue 24): commits, and inserted rows per
 * table, from Postgres's cumulative statistics of the benchmark's own database.
 *
 * The statistics are not live. A backend keeps its counts to itself until it goes idle and
 * flushes them, and one that flushed less than a second before holds them for up to ten
 * seconds (PGSTAT_MIN_INTERVAL and PGSTAT_IDLE_INTERVAL in Postgres 15). A pool's idle
 * connections do exactly that, so a reading taken a second or two after a run misses the
 * run's last seconds, which land in the next window instead, the other side's: the API's and
 * the raw twin's runs alternate. (A twin's bulk run read 1.5 s after it ended showed 265
 * event rows per call where the same window read 11 s later showed 320.) A reading here
 * therefore waits out the idle interval first.
 */
import { setTimeout } from 'node:timers/promises';
import type { Queryable } from '@brand-api/event-store';

/** Postgres 15's PGSTAT_IDLE_INTERVAL (10 s), and a margin. */
export const statisticsFlushMs = 11_000;

export interface DatabaseCounters {
  /** When the reading was taken (performance.now()), after the flush wait. */
  at: number;
  commits: number;
  /** Rows inserted in the whole database (pg_stat_database), dropped tables included. */
  inserted: number;
  /** Rows inserted by table (schema.table, `public.` left out), of tables that exist now. */
  insertedByTable: Map<string, number>;
}

/**
 * Reads the counters of the database `db` is connected to once every backend has flushed what
 * it did until now. One statement, so the reading itself adds one commit to the next window.
 * Shared catalogues (pg_database and the like) count for the whole server, so they are left
 * out: other databases' activity would show in them.
 */
export async function settledCounters(db: Queryable): Promise<DatabaseCounters> {
  await setTimeout(statisticsFlushMs);
  const { rows } = await db.query<{ commits: string; inserted: string; tables: unknown }>(
    `SELECT d.xact_commit AS commits, d.tup_inserted AS inserted,
       (SELECT coalesce(json_object_agg(t.schemaname || '.' || t.relname, t.n_tup_ins), '{}')
          FROM pg_stat_all_tables t JOIN pg_class c ON c.oid = t.relid
         WHERE NOT c.relisshared AND t.n_tup_ins > 0) AS tables
     FROM pg_stat_database d WHERE d.datname = current_database()`,
  );
  const row = rows[0];
  const tables = (row?.tables ?? {}) as Record<string, number>;
  return {
    at: performance.now(),
    commits: Number(row?.commits ?? 0),
    inserted: Number(row?.inserted ?? 0),
    insertedByTable: new Map(
      Object.entries(tables).map(([table, count]) => [table.replace(/^public\./, ''), count]),
    ),
  };
}

/** Commits and inserted rows in a span of time, in total and by table. */
export interface DatabaseWork {
  seconds: number;
  commits: number;
  inserted: number;
  insertedByTable: Map<string, number>;
}

/** What happened between two readings. */
export function workBetween(before: DatabaseCounters, after: DatabaseCounters): DatabaseWork {
  const insertedByTable = new Map<string, number>();
  for (const table of new Set([
    ...before.insertedByTable.keys(),
    ...after.insertedByTable.keys(),
  ])) {
    const count =
      (after.insertedByTable.get(table) ?? 0) - (before.insertedByTable.get(table) ?? 0);
    if (count !== 0) insertedByTable.set(table, count);
  }
  return {
    seconds: (after.at - before.at) / 1000,
    commits: after.commits - before.commits,
    inserted: after.inserted - before.inserted,
    insertedByTable,
  };
}

/**
 * `work` less what the database does on its own (`background`, measured while nothing was
 * asked of it: the API's projection runners poll every 250 ms, and every poll commits) over
 * `idleSeconds` of it, then divided by `requests`.
 */
export function perRequest(
  work: DatabaseWork,
  background: DatabaseWork,
  idleSeconds: number,
  requests: number,
): DatabaseWork {
  const share = background.seconds > 0 ? idleSeconds / background.seconds : 0;
  const insertedByTable = new Map<string, number>();
  for (const table of new Set([
    ...work.insertedByTable.keys(),
    ...background.insertedByTable.keys(),
  ])) {
    const count =
      (work.insertedByTable.get(table) ?? 0) - (background.insertedByTable.get(table) ?? 0) * share;
    insertedByTable.set(table, count / requests);
  }
  return {
    seconds: work.seconds,
    commits: (work.commits - background.commits * share) / requests,
    inserted: (work.inserted - background.inserted * share) / requests,
    insertedByTable,
  };
}

/** "events 200.0, brand_products 100.0, …" largest first; tables under 0.05 a request left out. */
export function tableBreakdown(work: DatabaseWork): string {
  const rows = [...work.insertedByTable].filter(([, count]) => Math.abs(count) >= 0.05);
  rows.sort(([, a], [, b]) => b - a);
  const named = rows.reduce((sum, [, count]) => sum + count, 0);
  const unnamed = work.inserted - named;
  // Temporary and dropped tables count in the database's total but no longer have a row.
  if (Math.abs(unnamed) >= 0.05) rows.push(['(temporary or dropped tables)', unnamed]);
  return rows.length === 0
    ? 'none'
    : rows.map(([table, count]) => `${table} ${count.toFixed(1)}`).join(', ');
}
