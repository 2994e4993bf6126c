import { createHash } from 'node:crypto';
import type { Migration, Projection } from '@brand-api/event-store';

/** A projection with the migrations that create its tables: what a shadow rebuild needs. */
export interface ReadModel {
  projection: Projection;
  migrations: readonly Migration[];
}

/**
 * Pairs each projection with its migrations by the id convention of this package,
 * `read-models/<projection name>/<nnn>-…`, so a feature that follows it needs no registration
 * of its own to be rebuildable. A projection without any is reported, not guessed.
 */
export function pairReadModels(
  projections: readonly Projection[],
  migrations: readonly Migration[],
): { readModels: ReadModel[]; withoutMigrations: string[] } {
  const readModels: ReadModel[] = [];
  const withoutMigrations: string[] = [];
  for (const projection of projections) {
    const prefix = `read-models/${projection.name}/`;
    const own = migrations.filter((migration) => migration.id.startsWith(prefix));
    if (own.length === 0) withoutMigrations.push(projection.name);
    else readModels.push({ projection, migrations: own });
  }
  return { readModels, withoutMigrations };
}

/** Changes when the projection's code version or its table definitions change: a shadow built
 *  under another fingerprint cannot be resumed. */
export function fingerprintOf(readModel: ReadModel): string {
  const hash = createHash('sha256');
  hash.update(`${readModel.projection.name}\n${readModel.projection.version}\n`);
  for (const migration of readModel.migrations) hash.update(`${migration.id}\n${migration.sql}\n`);
  return hash.digest('hex').slice(0, 32);
}

/** Schema names derived from the projection name: lower case, safe, and short enough (< 63). */
export function shadowSchemaOf(projectionName: string): string {
  return `rebuild_${safeName(projectionName)}`;
}

export function retiredSchemaOf(projectionName: string): string {
  return `retired_${safeName(projectionName)}`;
}

function safeName(name: string): string {
  const plain = name
    .toLowerCase()
    .replace(/[^a-z0-9_]/g, '_')
    .slice(0, 40);
  const digest = createHash('sha256').update(name).digest('hex').slice(0, 8);
  return `${plain}_${digest}`;
}

/** The advisory lock the projection runner holds while it leads a projection. */
export const runnerLockKey = (projectionName: string): string => `projection:${projectionName}`;

/** Held by whoever rebuilds or verifies a projection: one at a time across all processes. */
export const rebuildLockKey = (projectionName: string): string =>
  `projection-rebuild:${projectionName}`;
