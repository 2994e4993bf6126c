import type { ProjectionStatus } from '@brand-api/contracts';
import { readCheckpoints, startOfLog } from '@brand-api/event-store';
import type { LogPosition, Queryable } from '@brand-api/event-store';
import type { LogStats } from '@brand-api/read-models';
import type { RebuildJobs } from './rebuild-jobs';

export async function projectionStatuses(
  db: Queryable,
  logStats: LogStats,
  jobs: RebuildJobs,
  projections: readonly { name: string; rebuildable: boolean }[],
  now: Date,
  /** The head of the log: where a projection applied inline always stands. */
  head: LogPosition,
): Promise<ProjectionStatus[]> {
  const names = projections.map((p) => p.name);
  const checkpoints = new Map((await readCheckpoints(db, names)).map((c) => [c.name, c]));
  const rebuilds = new Map((await jobs.status(names)).map((j) => [j.projection, j]));
  const views: ProjectionStatus[] = [];
  for (const { name, rebuildable } of projections) {
    const checkpoint = checkpoints.get(name);
    // Applied in each write's own transaction: current by construction, nothing to lag behind.
    const inline = checkpoint?.status === 'inline';
    const position = inline ? head : (checkpoint?.position ?? startOfLog);
    const oldest = inline ? undefined : await logStats.oldestAfter(position);
    views.push({
      name,
      mode: inline ? 'inline' : 'async',
      version: checkpoint?.version ?? null,
      position: position.prepare,
      commit: position.commit,
      lagEvents: inline ? 0 : await logStats.countAfter(position),
      lagSeconds: oldest ? Math.max(0, (now.getTime() - oldest.getTime()) / 1000) : 0,
      state: checkpoint?.status ?? 'never-run',
      lastError: checkpoint?.lastError ?? null,
      parked: checkpoint?.parked ?? 0,
      updatedAt: checkpoint?.updatedAt.toISOString() ?? null,
      rebuildable,
      rebuild: rebuilds.get(name) ?? null,
    });
  }
  return views;
}
