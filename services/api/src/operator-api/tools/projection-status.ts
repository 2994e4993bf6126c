import { readCheckpoints, startOfLog } from '@brand-api/event-store';
import type { Queryable } from '@brand-api/event-store';
import type { LogStats } from '@brand-api/read-models';
import type { JobStatus, RebuildJobs } from './rebuild-jobs';

export interface ProjectionStatusView {
  name: string;
  version: number | null;
  /** Global position of the last event applied (0: none yet), and its commit. */
  position: number;
  commit: number;
  lagEvents: number;
  /** Age of the oldest event not applied yet; 0 when caught up. */
  lagSeconds: number;
  /** running | stopped | failed | idle, or never-run when no projector has taken it yet. */
  state: string;
  lastError: string | null;
  /** Events it passed over and parked that no operator has retried or skipped. */
  parked: number;
  updatedAt: string | null;
  /** False when no migrations were found for it: it cannot be shadow-rebuilt. */
  rebuildable: boolean;
  rebuild: JobStatus | null;
}

export async function projectionStatuses(
  db: Queryable,
  logStats: LogStats,
  jobs: RebuildJobs,
  projections: readonly { name: string; rebuildable: boolean }[],
  now: Date,
): Promise<ProjectionStatusView[]> {
  const names = projections.map((p) => p.name);
  const checkpoints = new Map((await readCheckpoints(db, names)).map((c) => [c.name, c]));
  const rebuilds = new Map((await jobs.status(names)).map((j) => [j.projection, j]));
  const views: ProjectionStatusView[] = [];
  for (const { name, rebuildable } of projections) {
    const checkpoint = checkpoints.get(name);
    const position = checkpoint?.position ?? startOfLog;
    const oldest = await logStats.oldestAfter(position);
    views.push({
      name,
      version: checkpoint?.version ?? null,
      position: position.prepare,
      commit: position.commit,
      lagEvents: await logStats.countAfter(position),
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
