import { ApiError } from '@brand-api/contracts';
import type { Database, EventStore } from '@brand-api/event-store';
import type { Middleware } from 'koa';
import type { ProjectionWaiter } from '@brand-api/event-store';

export interface ReadinessOptions {
  db: Database;
  eventStore: EventStore;
  projections: ProjectionWaiter;
  /** Migration ids that must have been applied. */
  migrations: readonly string[];
  /** How long the read models may take to reach the head of the log (default 2 s). */
  projectionsWithinMs?: number;
  /**
   * Bound on each database probe so a silent database answers 503, not a hang (default 1.5 s:
   * with the response on its way, a load balancer gets its answer within 2 s).
   */
  probeTimeoutMs?: number;
}

/** 'ok', or what is wrong. */
type CheckResult = string;

/**
 * `/healthz`: the process answers. `/readyz`: it can serve correctly — the database answers,
 * every migration is applied, and the read models reach the head of the log within a bound.
 * It also lists events the read models parked (passed over after failing on them): the process
 * still serves every other write, so they do not make it unready, but operators must see them.
 */
export function healthRoutes(options: ReadinessOptions): Middleware {
  const probeTimeoutMs = options.probeTimeoutMs ?? 1_500;
  const projectionsWithinMs = options.projectionsWithinMs ?? 2_000;

  const checks: Record<string, () => Promise<CheckResult>> = {
    database: async () => {
      await options.db.query('SELECT 1');
      return 'ok';
    },
    migrations: async () => {
      if (options.migrations.length === 0) return 'ok';
      const { rows } = await options.db.query<{ id: string }>(
        'SELECT id FROM schema_migrations WHERE id = ANY($1::text[])',
        [options.migrations],
      );
      const applied = new Set(rows.map((row) => row.id));
      const missing = options.migrations.filter((id) => !applied.has(id));
      return missing.length === 0 ? 'ok' : `pending: ${missing.join(', ')}`;
    },
    projections: async () => {
      const head = await options.eventStore.headPosition();
      const caughtUp = await options.projections.waitFor(head, projectionsWithinMs);
      return caughtUp ? 'ok' : `behind the log by more than ${projectionsWithinMs} ms`;
    },
  };

  return async (ctx, next) => {
    if (ctx.path === '/healthz' && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      ctx.body = { status: 'ok' };
      return;
    }
    if (ctx.path !== '/readyz' || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) {
      await next();
      return;
    }
    // All checks start at once; a database that does not answer is reported as soon as its
    // probe gives up, without waiting for the checks that need it too.
    const running = Object.entries(checks).map(
      async ([name, check]): Promise<[string, CheckResult]> => [
        name,
        await withTimeout(
          check(),
          name === 'projections' ? probeTimeoutMs + projectionsWithinMs : probeTimeoutMs,
        ).catch(
          (error: unknown) => `failed: ${error instanceof Error ? error.message : String(error)}`,
        ),
      ],
    );
    const [databaseCheck] = running;
    const database = await databaseCheck!;
    if (database[1] !== 'ok') throw notReady([database]);
    const results = Object.fromEntries(await Promise.all(running)) as Record<string, CheckResult>;
    const parkedEvents = await withTimeout(parkedCounts(options.db), probeTimeoutMs).catch(
      () => ({}),
    );
    const failing = Object.entries(results).filter(([, result]) => result !== 'ok');
    if (failing.length > 0) throw notReady(failing);
    ctx.body = { status: 'ready', checks: results, parkedEvents };
  };
}

function notReady(failing: readonly [string, CheckResult][]): ApiError {
  return new ApiError('SERVICE_UNAVAILABLE', {
    message: 'Not ready',
    details: failing.map(([name, result]) => ({ field: name, message: result })),
  });
}

/** Open parked events per projection (`brandctl projections parked list` names them). */
async function parkedCounts(db: Database): Promise<Record<string, number>> {
  const { rows } = await db.query<{ name: string; parked: number }>(
    'SELECT name, parked FROM projection_checkpoints WHERE parked > 0 ORDER BY name',
  );
  return Object.fromEntries(rows.map((row) => [row.name, row.parked]));
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
