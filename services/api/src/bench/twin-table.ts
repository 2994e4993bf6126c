/**
 * The table of issue 15: each workload of the API as a ratio to its raw twin of the same run,
 * with p50/p99 of both and the load average of every run, then the targets, met or missed.
 * The embedded mode's figures (embedded-mode.ts) close it: its peak RSS and its throughput as
 * a ratio to Postgres mode.
 */
import type { Figure } from './catalogue-load';
import type { EmbeddedFigures } from './embedded-mode';
import { twinRounds } from './twin-runs';
import type { TwinFigure, TwinSide } from './twin-runs';

export interface Target {
  label: string;
  ok: boolean;
  detail: string;
}

const throughput = (figure: TwinFigure, side: TwinSide) => side.rps * figure.perRequest;
const ratio = (figure: TwinFigure) =>
  throughput(figure, figure.ours) / throughput(figure, figure.raw);
const latency = (side: TwinSide) => `${side.p50.toFixed(1)} / ${side.p99.toFixed(1)}`.padStart(15);

export function printTwinTable(figures: readonly TwinFigure[]): void {
  console.log(
    `\nthe API against its raw twin (node:http + pg, same durable work, same SQL and JSON), ` +
      `${twinRounds} rounds per workload, ours and raw in turns\n`,
  );
  console.log(
    'workload                         conns  unit            ours        raw   x raw  ' +
      'ours p50 / p99 ms   raw p50 / p99 ms  errors  load 1m at each run (ours|raw)',
  );
  for (const f of figures) {
    const loads = f.ours.loads
      .map((load, round) => `${load.toFixed(1)}|${(f.raw.loads[round] ?? Number.NaN).toFixed(1)}`)
      .join(' ');
    console.log(
      `${f.name.padEnd(32)} ${String(f.connections).padStart(5)}  ` +
        `${(f.perRequest === 1 ? 'req/s' : 'products/s').padEnd(11)} ` +
        `${throughput(f, f.ours).toFixed(0).padStart(10)} ${throughput(f, f.raw).toFixed(0).padStart(10)} ` +
        `${ratio(f).toFixed(2).padStart(7)}  ${latency(f.ours)}    ${latency(f.raw)}  ` +
        `${`${f.ours.errors}/${f.raw.errors}`.padStart(6)}  ${loads}`,
    );
  }
}

/** The targets of issue 15, from the twin table and the embedded mode of the same run. */
export function twinTargets(
  figures: readonly TwinFigure[],
  embedded: EmbeddedFigures,
  postgres: readonly Figure[],
): Target[] {
  const find = (name: string, connections = 50) =>
    figures.find((f) => f.name === name && f.connections === connections);
  const atLeast = (label: string, figure: TwinFigure | undefined, min: number): Target => {
    const value = figure ? ratio(figure) : Number.NaN;
    return {
      label: `${label} >= ${min.toFixed(2)} of raw`,
      ok: value >= min,
      detail: value.toFixed(3),
    };
  };
  const single = find('POST single');
  const p99Ratio = single ? single.ours.p99 / single.raw.p99 : Number.NaN;
  const embeddedRatios = embedded.figures.map((f) => {
    const twin = postgres.find((p) => p.name === f.name && p.connections === f.connections);
    return `${f.name} ${twin ? (f.rps / twin.rps).toFixed(2) : 'n/a'}`;
  });
  return [
    atLeast('POST single, 50 conns, req/s', single, 0.5),
    atLeast('POST bulk of 100, 50 conns, products/s', find('POST bulk of 100'), 0.5),
    {
      label: 'POST single, 50 conns, p99 <= 4x raw p99',
      ok: p99Ratio <= 4,
      detail: `${p99Ratio.toFixed(2)}x (${single?.ours.p99 ?? Number.NaN} ms against ${single?.raw.p99 ?? Number.NaN} ms)`,
    },
    atLeast('GET list, page 1, uncached', find('GET list, page 1, uncached'), 0.6),
    atLeast('GET by id, uncached', find('GET by id, uncached'), 0.6),
    {
      label: 'embedded server RSS <= 200 MB through the load',
      ok: embedded.peakRssMb <= 200,
      detail:
        `${embedded.peakRssMb.toFixed(0)} MB peak; throughput x postgres mode: ` +
        embeddedRatios.join(', '),
    },
  ];
}

/** Prints the targets; returns how many were missed. */
export function printTargets(title: string, targets: readonly Target[]): number {
  console.log(`\n${title}`);
  for (const { label, ok, detail } of targets) {
    console.log(`  ${ok ? 'met ' : 'MISS'}  ${label}: ${detail}`);
  }
  return targets.filter((target) => !target.ok).length;
}
