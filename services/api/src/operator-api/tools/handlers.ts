import { Readable } from 'node:stream';
import { ApiError } from '@brand-api/contracts';
import { RebuildBusyError } from '@brand-api/read-models';
import type { LogStats } from '@brand-api/read-models';
import type { HandlersFor } from '../../http/operation';
import type { AppServices } from '../../services';
import type { OperatorPrincipal } from '../operator-auth';
import { entityKinds, findEntity } from './entity-registry';
import type { AuditedEntity } from './entity-registry';
import { exportLines } from './event-export';
import { entityHistory, requestHistory } from './history';
import type { operatorToolOperations } from '@brand-api/contracts';
import { parsePointInTime } from './point-in-time';
import { listParkedEvents, resolveParkedEvent } from './parked-events';
import { projectionStatuses } from './projection-status';
import type { RebuildJobs } from './rebuild-jobs';
import { entityAt } from './time-travel';

export interface OperatorToolDeps {
  jobs: RebuildJobs;
  logStats: LogStats;
  /**
   * Every projection the status shows, and whether it can be shadow-rebuilt; when it cannot for
   * another reason than missing migrations, why (after its name).
   */
  projections: readonly { name: string; rebuildable: boolean; notRebuildable?: string }[];
}

function entityOf(kind: string): AuditedEntity {
  const entity = findEntity(kind);
  if (!entity) {
    throw new ApiError('VALIDATION_FAILED', {
      message: `Unknown entity '${kind}': must be one of ${entityKinds.join(', ')}`,
      details: [
        { location: 'path', field: '/entity', message: `must be one of ${entityKinds.join(', ')}` },
      ],
    });
  }
  return entity;
}

/** Thin: parse, call the operator module, shape the answer. */
export function operatorToolHandlers(
  services: AppServices,
  deps: OperatorToolDeps,
): HandlersFor<typeof operatorToolOperations, OperatorPrincipal> {
  const { db, eventStore } = services;
  const rebuildable = deps.projections.filter((p) => p.rebuildable).map((p) => p.name);

  /** `all` or one rebuildable projection. */
  const selected = (name: string): string[] => {
    if (name === 'all') return rebuildable;
    if (rebuildable.includes(name)) return [name];
    const known = deps.projections.find((p) => p.name === name);
    throw new ApiError(known ? 'VALIDATION_FAILED' : 'NOT_FOUND', {
      message: known
        ? `Projection ${name} ${known.notRebuildable ?? `has no migrations under read-models/${name}/`}: it cannot be rebuilt into shadow tables`
        : `No projection named ${name}; known: ${deps.projections.map((p) => p.name).join(', ')}`,
    });
  };

  const start = async (name: string, purpose: 'rebuild' | 'verify') => {
    const names = selected(name);
    try {
      deps.jobs.start(names, purpose);
    } catch (error) {
      if (error instanceof RebuildBusyError) {
        throw new ApiError('CONFLICT', { message: error.message });
      }
      throw error;
    }
    return { body: { data: await deps.jobs.status(names) } };
  };

  /** Retries or skips a parked event, for one projection or every one it is parked in. */
  const resolveParked = async (
    position: number,
    projection: string | undefined,
    action: 'retry' | 'skip',
  ) => ({
    body: {
      data: await resolveParkedEvent(db, services.projections, position, projection, action),
    },
  });

  return {
    async adminEntityHistory({ params }) {
      return {
        body: { data: await entityHistory(eventStore, entityOf(params.entity), params.id) },
      };
    },

    async adminRequestHistory({ params }) {
      return { body: { data: await requestHistory(eventStore, params.requestId) } };
    },

    async adminEntityAt({ params, query }) {
      const entity = entityOf(params.entity);
      const point = await parsePointInTime(eventStore, query.at, '/at');
      return { body: { data: await entityAt(eventStore, entity, params.id, point) } };
    },

    async adminProjectionStatus() {
      const head = await eventStore.headPosition();
      const data = await projectionStatuses(
        db,
        deps.logStats,
        deps.jobs,
        deps.projections,
        services.clock(),
        head,
      );
      return { body: { head: { position: head.prepare, commit: head.commit }, data } };
    },

    adminStartRebuild: ({ params }) => start(params.name, 'rebuild'),
    adminStartVerify: ({ params }) => start(params.name, 'verify'),

    async adminProjectionJob({ params }) {
      return { body: { data: await deps.jobs.status(selected(params.name)) } };
    },

    async adminCancelProjectionJob({ params }) {
      const names = selected(params.name);
      await deps.jobs.cancel(names);
      return { body: { data: await deps.jobs.status(names) } };
    },

    async adminListParkedEvents({ query }) {
      return { body: { data: await listParkedEvents(db, query) } };
    },

    adminRetryParkedEvent: ({ params, query }) =>
      resolveParked(params.position, query.projection, 'retry'),

    adminSkipParkedEvent: ({ params, query }) =>
      resolveParked(params.position, query.projection, 'skip'),

    async adminExportEvents({ query }) {
      const since =
        query.since === undefined
          ? undefined
          : await parsePointInTime(eventStore, query.since, '/since');
      const lines = exportLines(eventStore, {
        ...(since ? { since } : {}),
        ...(query.brand === undefined ? {} : { brandId: query.brand }),
      });
      // The first page is read before the status goes out, so a database that cannot answer
      // is a 503 with Retry-After, not a 200 cut short; later pages can only cut the stream.
      const first = await lines.next();
      return {
        body: Readable.from(startingWith(first, lines)),
        headers: { 'content-type': 'application/x-ndjson; charset=utf-8' },
      };
    },
  };
}

async function* startingWith<T>(
  first: IteratorResult<T>,
  rest: AsyncGenerator<T>,
): AsyncGenerator<T> {
  if (first.done) return;
  yield first.value;
  yield* rest;
}
