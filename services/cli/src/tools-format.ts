import type {
  AuditHistoryEntry as HistoryEntry,
  EntityAtMoment,
  ParkedActionResult,
  ParkedEventView,
  PassedOverEventView,
  ProjectionJob as JobStatus,
  ProjectionStatus,
  TableDiffView,
  VerifyOutcome,
} from '@brand-api/contracts';
import { table } from './format';

const show = (value: unknown): string => (value === undefined ? '∅' : JSON.stringify(value));

function actorOf(entry: HistoryEntry): string {
  if (!entry.actor) return 'unknown actor';
  const { kind, id, name } = entry.actor;
  return `${kind} ${id}${name ? ` (${name})` : ''}`;
}

/** One block per event: when, what, who, which request, then each field before → after. */
export function formatHistory(entries: readonly HistoryEntry[]): string {
  if (entries.length === 0) return 'No events.';
  return entries
    .map((entry) => {
      const subject = entry.entity ? `${entry.entity.kind} ${entry.entity.id}` : entry.stream;
      const head = [
        `#${entry.position}  ${entry.occurredAt}  ${entry.type}  ${subject}`,
        `    by ${actorOf(entry)}${entry.requestId ? `  request ${entry.requestId}` : ''}`,
      ];
      const changes = entry.changes.map(
        (change) => `    ${change.field}: ${show(change.before)} → ${show(change.after)}`,
      );
      return [...head, ...changes].join('\n');
    })
    .join('\n\n');
}

export function formatEntityAt(answer: EntityAtMoment): string {
  const when = 'position' in answer.at ? `position ${answer.at.position}` : answer.at.time;
  const last = answer.lastEvent
    ? `last event #${answer.lastEvent.position} ${answer.lastEvent.type} at ${answer.lastEvent.occurredAt}`
    : 'no events yet';
  return [
    `${answer.entity.kind} ${answer.entity.id} as of ${when}: ${answer.existed ? 'existed' : 'did not exist'}`,
    `(${answer.eventsApplied} events folded; ${last})`,
    JSON.stringify(answer.state, null, 2),
  ].join('\n');
}

const seconds = (value: number) => (value < 1 ? value.toFixed(2) : value.toFixed(0));

export function formatProjections(head: { position: number }, rows: readonly ProjectionStatus[]) {
  const body = table(
    ['PROJECTION', 'STATE', 'POSITION', 'LAG EVENTS', 'LAG SECONDS', 'PARKED', 'REBUILD'],
    rows.map((row) => [
      row.name,
      row.lastError ? `${row.state} (${row.lastError.slice(0, 60)})` : row.state,
      String(row.position),
      String(row.lagEvents),
      seconds(row.lagSeconds),
      String(row.parked),
      row.rebuild ? describeJob(row.rebuild) : row.rebuildable ? '-' : 'not rebuildable',
    ]),
  );
  const parked = rows.reduce((sum, row) => sum + row.parked, 0);
  const hint =
    parked > 0
      ? `\n${parked} parked event(s) are not applied: brandctl projections parked list`
      : '';
  return `Log head: position ${head.position}\n${body}${hint}`;
}

/** Parked events, one line each, oldest first. */
export function formatParked(rows: readonly ParkedEventView[]): string {
  if (rows.length === 0) return 'No parked events.';
  return table(
    [
      'POSITION',
      'PROJECTION',
      'STATUS',
      'EVENT',
      'STREAM',
      'ATTEMPTS',
      'FIRST SEEN',
      'LAST SEEN',
      'ERROR',
    ],
    rows.map((row) => [
      String(row.position),
      row.projection,
      row.status,
      row.eventType,
      `${row.streamName}@${row.streamVersion}`,
      String(row.attempts),
      row.firstSeenAt,
      row.lastSeenAt,
      row.error.slice(0, 80),
    ]),
  );
}

export function describeParkedAction(result: ParkedActionResult): string {
  const what = `position ${result.position} in ${result.projection}`;
  switch (result.outcome) {
    case 'retried':
      return `Applied ${what} (and the later events of its stream).`;
    case 'skipped':
      return `Skipped ${what}: it stays unapplied and no longer counts as parked.`;
    case 'not-parked':
      return `Nothing to do for ${what}: it is no longer parked.`;
    case 'failed':
      return `Still failing, ${what} stays parked: ${result.error ?? 'unknown error'}`;
  }
}

export function describeJob(job: JobStatus): string {
  const total = job.eventsTotal === null ? '' : `/${job.eventsTotal}`;
  return `${job.purpose} ${job.state} ${job.eventsDone}${total}${job.error ? `: ${job.error}` : ''}`;
}

/** `describeJob` after the projection's name: `all` covers several, each line says which. */
export const describeProjectionJob = (job: JobStatus): string =>
  `${job.projection}: ${describeJob(job)}`;

function describeRow(row: Record<string, unknown>): string {
  return Object.entries(row)
    .map(([column, value]) => `${column}=${show(value)}`)
    .join(' ');
}

function formatTableDiff(diff: TableDiffView): string[] {
  const lines: string[] = [];
  if (diff.liveTableMissing) lines.push(`  table ${diff.table}: missing from the live schema`);
  if (diff.columns) {
    lines.push(
      `  table ${diff.table}: columns differ (only live: ${diff.columns.onlyLive.join(', ') || '-'}; only rebuilt: ${diff.columns.onlyRebuilt.join(', ') || '-'})`,
    );
  }
  if (diff.missingInLive + diff.unexpectedInLive === 0) return lines;
  lines.push(
    `  table ${diff.table}: ${diff.missingInLive} row(s) missing or different in live, ${diff.unexpectedInLive} unexpected or different`,
  );
  for (const change of diff.changed) {
    lines.push(`    ~ ${describeRow(change.key)}`);
    for (const field of change.fields) {
      lines.push(
        `        ${field.column}: live ${show(field.live)} ≠ rebuilt ${show(field.rebuilt)}`,
      );
    }
  }
  for (const row of diff.missing) lines.push(`    + missing in live: ${describeRow(row)}`);
  for (const row of diff.unexpected) lines.push(`    - not in the log: ${describeRow(row)}`);
  return lines;
}

/** A readable drift report: per projection, per table, the rows and fields that differ. */
/** What parking left behind, one line per event. */
function formatParking(parking: VerifyOutcome['parking'] | undefined): string[] {
  if (!parking) return [];
  const line = (event: PassedOverEventView) =>
    `    position ${event.prepare}: ${event.eventType} ${event.streamName}@${event.streamVersion} (${event.error.slice(0, 80)})`;
  const section = (title: string, events: readonly PassedOverEventView[]) =>
    events.length === 0 ? [] : [`  ${title}:`, ...events.map(line)];
  return [
    ...section('parked, not applied (retry after a fix, or skip)', parking.parked),
    ...section('skipped by an operator, not applied', parking.skipped),
    ...section('parked live, but a replay applies them now (retry them)', parking.applicableNow),
    ...section('applied live, but a replay refuses them now', parking.refusedNow),
  ];
}

export function formatVerify(jobs: readonly JobStatus[]): string {
  return jobs
    .map((job) => {
      const outcome = job.result;
      if (job.state !== 'done' || outcome === null || !('drift' in outcome))
        return `${job.projection}: verify ${job.state}${job.error ? `: ${job.error}` : ''}`;
      const parking = formatParking(outcome.parking);
      if (!outcome.drift) {
        return [
          `${job.projection}: no drift (compared at position ${outcome.position.prepare})`,
          ...parking,
        ].join('\n');
      }
      return [
        `${job.projection}: DRIFT at position ${outcome.position.prepare}`,
        ...outcome.tables.flatMap(formatTableDiff),
        ...parking,
      ].join('\n');
    })
    .join('\n');
}
