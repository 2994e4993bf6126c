import {
  RebuildBusyError,
  RebuildInterruptedError,
  readRebuilds,
  rebuildLockKey,
  rebuildReadModel,
  requestRebuildCancel,
  verifyReadModel,
} from '@brand-api/read-models';
import type {
  LogStats,
  ReadModel,
  RebuildProgress,
  RebuildPurpose,
  RebuildRecord,
} from '@brand-api/read-models';
import type { ProjectionJob } from '@brand-api/contracts';
import type { Database, EventStore } from '@brand-api/event-store';
import type { Logger } from 'pino';

/** Where a rebuild or verify of one projection stands, as the operator API reports it. */
export type JobStatus = ProjectionJob;
type JobState = ProjectionJob['state'];

interface LocalJob {
  purpose: RebuildPurpose;
  state: JobState;
  controller: AbortController;
  progress: RebuildProgress | undefined;
}

export interface RebuildJobsDeps {
  db: Database;
  store: EventStore;
  readModels: readonly ReadModel[];
  logStats: LogStats;
  logger: Logger;
  batchSize?: number;
  /** After a rebuild swapped a projection's tables in (read caches of this process forget). */
  onSwapped?: (projection: string) => void;
}

/**
 * Runs rebuilds and verifies in the background of the API process: an operator's HTTP call
 * starts one and returns, `brandctl` polls. The shadow checkpoint lives in the database, so a
 * run interrupted here (or by a crash) resumes from any process.
 */
export class RebuildJobs {
  private readonly local = new Map<string, LocalJob>();

  constructor(private readonly deps: RebuildJobsDeps) {}

  names(): string[] {
    return this.deps.readModels.map((m) => m.projection.name);
  }

  /** Starts the named projections one after another; refuses if one is already running here. */
  start(names: readonly string[], purpose: RebuildPurpose): void {
    const busy = names.filter((name) => this.isRunning(name));
    if (busy.length > 0) throw new RebuildBusyError(busy.join(', '));
    const jobs = names.map((name) => {
      const job: LocalJob = {
        purpose,
        state: 'queued',
        controller: new AbortController(),
        progress: undefined,
      };
      this.local.set(name, job);
      return { name, job };
    });
    void (async () => {
      for (const { name, job } of jobs) {
        if (job.controller.signal.aborted) {
          job.state = 'interrupted';
          continue;
        }
        await this.run(name, job);
      }
    })();
  }

  private async run(name: string, job: LocalJob): Promise<void> {
    const readModel = this.deps.readModels.find((m) => m.projection.name === name)!;
    job.state = 'replaying';
    const options = {
      db: this.deps.db,
      store: this.deps.store,
      readModel,
      logStats: this.deps.logStats,
      signal: job.controller.signal,
      ...(this.deps.batchSize === undefined ? {} : { batchSize: this.deps.batchSize }),
      onProgress: (progress: RebuildProgress) => {
        job.progress = progress;
        job.state = progress.phase;
      },
    };
    try {
      if (job.purpose === 'rebuild') {
        await rebuildReadModel(options);
        this.deps.onSwapped?.(name);
      } else {
        await verifyReadModel(options);
      }
      job.state = 'done';
    } catch (error) {
      job.state = error instanceof RebuildInterruptedError ? 'interrupted' : 'failed';
      if (job.state === 'failed') {
        this.deps.logger.error({ err: error, projection: name }, `${job.purpose} failed`);
      }
    }
  }

  isRunning(name: string): boolean {
    const job = this.local.get(name);
    return job !== undefined && !['done', 'failed', 'interrupted'].includes(job.state);
  }

  /** Asks every process running one of these to stop after its batch in flight. */
  async cancel(names: readonly string[]): Promise<void> {
    for (const name of names) {
      this.local.get(name)?.controller.abort();
      await requestRebuildCancel(this.deps.db, name);
    }
  }

  async status(names: readonly string[]): Promise<JobStatus[]> {
    const records = new Map((await readRebuilds(this.deps.db)).map((r) => [r.name, r]));
    const statuses: JobStatus[] = [];
    for (const name of names) {
      const status = await this.statusOf(name, records.get(name));
      if (status) statuses.push(status);
    }
    return statuses;
  }

  private async statusOf(
    name: string,
    record: RebuildRecord | undefined,
  ): Promise<JobStatus | undefined> {
    const job = this.local.get(name);
    const running = job !== undefined && this.isRunning(name);
    if (!running && !record && !job) return undefined;
    // A finished local job that never got to its record (another process held the lock)
    // reports the record, which is the truth about the projection.
    const useRecord =
      record !== undefined && (!job || (!running && job.purpose === record.purpose));
    const progress = running || !useRecord ? job?.progress : undefined;
    let state: JobState = running || !useRecord ? job!.state : record.state;
    if (!running && useRecord && ['replaying', 'swapping', 'comparing'].includes(state)) {
      // Recorded as running, but nobody holds its lock: the process running it died.
      const lock = await this.deps.db.tryLock(rebuildLockKey(name));
      if (lock) {
        await lock.release();
        state = 'interrupted';
      }
    }
    return {
      projection: name,
      purpose: useRecord && !running ? record.purpose : job!.purpose,
      state,
      local: running,
      eventsDone: progress?.eventsDone ?? record?.eventsDone ?? 0,
      eventsTotal: progress?.eventsTotal ?? record?.eventsTotal ?? null,
      eventsPerSecond: progress ? Math.round(progress.eventsPerSecond) : null,
      etaSeconds:
        progress?.etaSeconds === null || progress === undefined
          ? null
          : Math.ceil(progress.etaSeconds),
      position: progress?.position.prepare ?? record?.position.prepare ?? 0,
      resumed: progress?.resumed ?? false,
      startedAt: record?.startedAt.toISOString() ?? null,
      finishedAt: record?.finishedAt?.toISOString() ?? null,
      error: record?.lastError ?? null,
      // The outcome rebuildReadModel or verifyReadModel recorded as JSON when it finished.
      result:
        record?.state === 'done' && !running ? (record.result as ProjectionJob['result']) : null,
    };
  }
}
