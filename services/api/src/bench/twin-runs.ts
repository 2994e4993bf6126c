/**
 * One workload of `bench:api` run on the API and on its raw twin (raw-server.ts) in turns:
 * ours, raw, ours, raw … for BENCH_TWIN_ROUNDS rounds (default 3), so load that drifts on a
 * shared machine hits both sides alike. Each run notes the 1-minute load average when it ends,
 * then waits for the requests autocannon left in flight to finish.
 */
import { loadavg } from 'node:os';
import { setTimeout } from 'node:timers/promises';
import type autocannon from 'autocannon';
import { measure } from './catalogue-load';
import type { ServerProcess } from './processes';

export const twinRounds = Number(process.env.BENCH_TWIN_ROUNDS ?? 3);
/** At most this long a pause after a run (autocannon's own request timeout). */
const maxSettleMs = 10_000;

/** One side's figures over its rounds. */
export interface TwinSide {
  /** Requests per second, mean of the rounds (equal durations: total over total time). */
  rps: number;
  /** Median over the rounds of each round's percentile, in ms. */
  p50: number;
  p99: number;
  errors: number;
  /** The 1-minute load average at the end of each round. */
  loads: number[];
}

export interface TwinFigure {
  name: string;
  connections: number;
  /** Records each request carries: 100 for a bulk call, whose figures are products/s. */
  perRequest: number;
  ours: TwinSide;
  raw: TwinSide;
}

export interface TwinServers {
  ours: ServerProcess;
  raw: ServerProcess;
}

/** The middle value (the mean of the two middle ones of an even count); NaN for none. */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? sorted[middle]!
    : ((sorted[middle - 1] ?? Number.NaN) + (sorted[middle] ?? Number.NaN)) / 2;
};

/**
 * Runs `workload` (autocannon options for a server's base URL) on both servers in turns.
 * The options are built afresh for every run, so request bodies stay unique across runs.
 */
export async function measureTwins(
  name: string,
  servers: TwinServers,
  workload: (server: ServerProcess) => autocannon.Options,
  perRequest = 1,
): Promise<TwinFigure> {
  const runs = { ours: [] as Run[], raw: [] as Run[] };
  for (let round = 0; round < twinRounds; round += 1) {
    for (const side of ['ours', 'raw'] as const) {
      const server = servers[side];
      const figure = await measure(name, server, workload(server));
      runs[side].push({ ...figure, load: loadavg()[0] ?? Number.NaN });
      // Requests autocannon dropped at the end still run on the server: let them finish
      // before the other side's run, so neither side's leftovers load the other's window.
      await setTimeout(Math.min(figure.max, maxSettleMs));
    }
  }
  const first = runs.ours[0];
  return {
    name,
    connections: first?.connections ?? 0,
    perRequest,
    ours: summarise(runs.ours),
    raw: summarise(runs.raw),
  };
}

interface Run {
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  load: number;
}

function summarise(runs: readonly Run[]): TwinSide {
  return {
    rps: runs.reduce((sum, run) => sum + run.rps, 0) / runs.length,
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    loads: runs.map((run) => run.load),
  };
}
