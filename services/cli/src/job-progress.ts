import { operatorApi } from '@brand-api/contracts';
import type { ProjectionJob as JobStatus } from '@brand-api/contracts';
import cliProgress from 'cli-progress';
import type { OperatorApiClient } from './operator-api-client';
import type { CliIo } from './cli-io';

const finished = new Set(['done', 'failed', 'interrupted']);
export const isFinished = (job: JobStatus): boolean => finished.has(job.state);

const eta = (job: JobStatus) =>
  job.etaSeconds === null
    ? '?'
    : job.etaSeconds >= 60
      ? `${Math.round(job.etaSeconds / 60)}m`
      : `${job.etaSeconds}s`;

function line(job: JobStatus): string {
  const total = job.eventsTotal ?? 0;
  const percent = total > 0 ? ` (${Math.floor((100 * job.eventsDone) / total)}%)` : '';
  const rate =
    job.eventsPerSecond === null ? '' : ` ${job.eventsPerSecond} events/s ETA ${eta(job)}`;
  return `${job.projection}: ${job.purpose} ${job.state} ${job.eventsDone}/${total || '?'}${percent}${rate}`;
}

/** A bar per projection on a terminal; a line per state change or 10% step otherwise. */
function createDisplay(io: CliIo, quiet: boolean) {
  if (quiet) return { update: () => undefined, stop: () => undefined };
  if (process.stderr.isTTY) {
    const bars = new cliProgress.MultiBar(
      {
        stream: process.stderr,
        format:
          '{projection} [{bar}] {percentage}% | {value}/{total} events | {speed} events/s | ETA {eta} | {state}',
        hideCursor: true,
        clearOnComplete: false,
      },
      cliProgress.Presets.shades_classic,
    );
    const byName = new Map<string, cliProgress.SingleBar>();
    return {
      update(jobs: readonly JobStatus[]) {
        for (const job of jobs) {
          const payload = {
            projection: job.projection.padEnd(12),
            speed: job.eventsPerSecond ?? '-',
            eta: eta(job),
            state: job.state,
          };
          const total = Math.max(job.eventsTotal ?? 0, job.eventsDone, 1);
          let bar = byName.get(job.projection);
          if (!bar) {
            bar = bars.create(total, job.eventsDone, payload);
            byName.set(job.projection, bar);
          }
          bar.setTotal(total);
          bar.update(job.eventsDone, payload);
        }
      },
      stop: () => bars.stop(),
    };
  }
  const shown = new Map<string, string>();
  return {
    update(jobs: readonly JobStatus[]) {
      for (const job of jobs) {
        const step = job.eventsTotal ? Math.floor((10 * job.eventsDone) / job.eventsTotal) : 0;
        const key = `${job.state}:${step}`;
        if (shown.get(job.projection) === key) continue;
        shown.set(job.projection, key);
        io.stderr(`${line(job)}\n`);
      }
    },
    stop: () => undefined,
  };
}

/**
 * Polls the jobs of `name` until every one has finished, showing progress. The first Ctrl-C
 * asks the server to interrupt after its batch in flight (the shadow stays resumable); the
 * command then waits for the jobs to report it.
 */
export async function followJobs(
  api: OperatorApiClient,
  name: string,
  io: CliIo,
  options: { quiet: boolean; intervalMs?: number },
): Promise<{ jobs: JobStatus[]; interrupted: boolean }> {
  const display = createDisplay(io, options.quiet);
  let interrupted = false;
  const onInterrupt = () => {
    if (interrupted) return;
    interrupted = true;
    io.stderr(`\nInterrupting ${name} after the batch in flight…\n`);
    api
      .call(operatorApi.adminCancelProjectionJob, { params: { name } })
      .catch((error: unknown) => io.stderr(`Could not interrupt: ${String(error)}\n`));
  };
  process.on('SIGINT', onInterrupt);
  try {
    for (;;) {
      const { data } = await api.call(operatorApi.adminProjectionJob, { params: { name } });
      display.update(data);
      if (data.every(isFinished)) return { jobs: data, interrupted };
      await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 300));
    }
  } finally {
    process.off('SIGINT', onInterrupt);
    display.stop();
  }
}
