import { forLongWork } from '@brand-api/event-store';
import { createLogStats, pairReadModels } from '@brand-api/read-models';
import { webhookProjectionName } from '@brand-api/webhooks';
import type { OperatorPrincipal } from '../operator-auth';
import { mountOperations } from '../../http/mount-operations';
import type { RouteRegistry } from '../../http/mount-operations';
import type { AnyHandler } from '../../http/operation';
import { allMigrations } from '../../runtime/migrations';
import { readModelProjections } from '../../runtime/projections';
import type { AppServices } from '../../services';
import { operatorToolHandlers } from './handlers';
import { operatorToolOperations } from '@brand-api/contracts';
import { RebuildJobs } from './rebuild-jobs';

export { auditedEntities, entityKinds } from './entity-registry';
export type { AuditedEntity } from './entity-registry';
export { RebuildJobs } from './rebuild-jobs';
export type { JobStatus } from './rebuild-jobs';

/**
 * Mounts the operator tools under `adminPrefix`. The rebuildable read models are the runtime's
 * projections paired with their migrations by the `read-models/<name>/` id convention, so a
 * new read model is covered without registering it here. The status covers the webhook
 * projector too.
 */
export function mountOperatorTools(
  router: RouteRegistry,
  services: AppServices,
  options: { prefix: string; bodyLimitBytes: number; rebuildBatchSize?: number },
): RebuildJobs {
  const { readModels, withoutMigrations } = pairReadModels(readModelProjections, allMigrations);
  const logStats = createLogStats(services.eventStore);
  const jobs = new RebuildJobs({
    // A rebuild's statements run over the whole log: no request-sized statement bound.
    db: forLongWork(services.db),
    store: services.eventStore,
    readModels,
    logStats,
    logger: services.logger,
    onSwapped: (projection) => {
      if (projection === services.catalogueCache.projection) services.catalogueCache.clear();
    },
    ...(options.rebuildBatchSize === undefined ? {} : { batchSize: options.rebuildBatchSize }),
  });
  const handlers = operatorToolHandlers(services, {
    jobs,
    logStats,
    projections: [
      ...readModelProjections.map((p) => ({
        name: p.name,
        rebuildable: !withoutMigrations.includes(p.name),
      })),
      // Asynchronous like the read models, run by the worker in a runner of its own: its status
      // belongs here; a rebuild does not (it fans events out to the outbox, not into tables).
      {
        name: webhookProjectionName,
        rebuildable: false,
        notRebuildable:
          'is the webhook projector, not a read model: it queues messages in the outbox and is never rebuilt',
      },
    ],
  });
  mountOperations<(typeof operatorToolOperations)[number], OperatorPrincipal>(router, {
    prefix: options.prefix,
    operations: operatorToolOperations,
    handlers: handlers as Record<string, AnyHandler | undefined>,
    bodyLimitBytes: options.bodyLimitBytes,
  });
  return jobs;
}
