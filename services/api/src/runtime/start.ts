import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { domainEventUpcasts } from '@brand-api/contracts';
import {
  createEventStoreDbEventStore,
  createPostgresEventStore,
  catchUpInline,
  createProjectionRunner,
  migrate,
  openDatabase,
  refuseMultiStreamAppends,
  upcastOnRead,
} from '@brand-api/event-store';
import type { Database, EventStore, InlineProjector } from '@brand-api/event-store';
import { startWebhookRuntime } from '@brand-api/webhooks';
import pino from 'pino';
import type { Logger } from 'pino';
import { createApp } from '../app';
import { resolveAdminToken } from './admin-token';
import { appendsOneStreamAtATime, startClaimSweeper } from './claim-sweeper';
import type { Role, RuntimeConfig } from './config';
import { lockDataDir } from './data-dir-lock';
import type { DataDirLock } from './data-dir-lock';
import { bootstrapDemo, firstStartBanner } from './demo-bootstrap';
import { createApiServer } from './http-server';
import { allMigrations } from './migrations';
import {
  inlineProjectorFor,
  logParkedEvent,
  processWritersFor,
  readModelProjections,
} from './projections';

export interface RuntimeIo {
  /** Human-facing output (the first-start banner); logs go to the logger. */
  print: (text: string) => void;
  logger?: Logger;
}

export interface RunningRuntime {
  role: Role;
  /** Base URL of the HTTP server (serve and all). */
  url: string | undefined;
  server: Server | undefined;
  /** Stop accepting, drain requests, stop the projectors, close the database. Idempotent. */
  stop(): Promise<void>;
}

/** In-flight requests get this long to finish on shutdown before connections are cut. */
const drainTimeoutMs = 10_000;

/**
 * Starts one process of the given role: `serve` (HTTP API), `work` (projectors) or `all`.
 * Resources opened before a failure are closed again, so a failed start leaves no lock behind.
 */
export async function startRuntime(
  role: Role,
  config: RuntimeConfig,
  io: RuntimeIo,
): Promise<RunningRuntime> {
  const logger = io.logger ?? pino({ level: config.logLevel, base: { role } });
  const cleanup: (() => Promise<void>)[] = [];
  const closeAll = async () => {
    for (const step of cleanup.splice(0).reverse()) {
      await step().catch((error: unknown) => logger.error({ err: error }, 'shutdown step failed'));
    }
  };
  try {
    let lock: DataDirLock | undefined;
    if (config.databaseUrl === undefined) {
      lock = await lockDataDir(config.dataDir);
      cleanup.push(() => lock!.release());
    }
    const dataDir = path.join(config.dataDir, 'pgdata');
    const opening = Date.now();
    logger.info(...describeOpening(config.databaseUrl, dataDir));
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir });
    cleanup.push(() => db.close());
    logger.info({ database: db.kind, ms: Date.now() - opening }, 'database open');
    const migrating = Date.now();
    logger.info({ known: allMigrations.length }, 'applying the migrations not applied yet');
    const applied = await migrate(db, allMigrations);
    logger.info(
      { migrations: applied, ms: Date.now() - migrating },
      applied.length > 0 ? 'migrations applied' : 'migrations up to date',
    );

    const writers = processWritersFor(db, role !== 'work', logger);
    cleanup.push(() => writers.stop());
    const inline = inlineProjectorFor(logKind(config), writers.writers);
    const eventStore = openEventStore(config, db, inline);
    cleanup.push(() => eventStore.close());
    if (inline) {
      // Before anything is written: a projection a runner applied until now is brought to the
      // head of the log, then every append applies it.
      const catchingUp = Date.now();
      await catchUpInline(db, eventStore, inline, {
        onParked: (projection, event, error) =>
          logger.error(
            { projection, position: event.position.prepare, eventType: event.type, error },
            'event parked while the projection caught up (brandctl projections parked list)',
          ),
      });
      logger.info(
        { projections: inline.projections.map((p) => p.name), ms: Date.now() - catchingUp },
        'read models applied inline, in each append’s transaction',
      );
      writers.start();
    }
    const runner = createProjectionRunner({
      db,
      store: eventStore,
      projections: readModelProjections,
      ...(inline ? { inline } : {}),
      onError: (error, projection) => logger.error({ err: error, projection }, 'projection failed'),
      onParked: logParkedEvent(logger),
    });
    // Stopped in every role: `waitFor` listens for checkpoint moves even when not projecting.
    cleanup.push(() => runner.stop());
    if (role !== 'serve') await runner.start();

    // Webhooks (issue 5): the webhook projector and the deliverer run in the work and all roles.
    if (role !== 'serve') {
      const webhooks = await startWebhookRuntime({
        db,
        databaseUrl: config.databaseUrl,
        store: eventStore,
        ...(config.eventStore.kind === 'postgres'
          ? { storeOn: (own: Database) => postgresEventStore(config, own, inline) }
          : {}),
        logger,
        env: process.env,
      });
      cleanup.push(() => webhooks.stop());
    }

    // Claims reserved by a process that died before writing their entity (single-stream logs).
    if (role !== 'serve' && appendsOneStreamAtATime(config.eventStore)) {
      cleanup.push(startClaimSweeper(eventStore, logger));
    }

    const admin = await resolveAdminToken(db, config.adminToken);
    const app = createApp({
      db,
      eventStore,
      projections: runner,
      logger,
      config: {
        adminTokenHash: admin.tokenHash,
        migrations: allMigrations.map((m) => m.id),
        publicUrl: config.publicUrl,
        ...(config.membersUrl === undefined ? {} : { membersUrl: config.membersUrl }),
        corsOrigins: config.corsOrigins,
      },
    });
    let server: Server | undefined;
    let url: string | undefined;
    if (role !== 'work') {
      const handle = app.callback();
      // Koa answers every failure itself; the returned promise carries nothing to wait for.
      server = createApiServer((request, response) => void handle(request, response), logger);
      await listen(server, config.port, config.host);
      const { port } = server.address() as AddressInfo;
      url = `http://${urlHost(config.host)}:${port}`;
      const listening = server;
      cleanup.push(() => drain(listening));
      logger.info({ url, publicUrl: config.publicUrl }, 'listening');
    }
    const demo = await bootstrapDemo({ db, eventStore, brands: app.services.application.brands });
    const banner = firstStartBanner({
      // With PORT=0 the configured default names no real port; the bound one does.
      publicUrl: config.port === 0 && url !== undefined ? url : config.publicUrl,
      adminToken: admin.generatedToken,
      demo,
    });
    if (banner !== undefined) io.print(banner);

    logger.info({ database: db.kind }, 'started');

    let stopping: Promise<void> | undefined;
    return {
      role,
      url,
      server,
      stop: () => (stopping ??= closeAll().then(() => logger.info('stopped'))),
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/**
 * The event log: the `events` table beside the read models by default, or EventStoreDB. Read
 * models, checkpoints and operator data stay in Postgres/PGlite either way. Whatever reads it
 * reads old event versions upcast to today's (`domainEventUpcasts`).
 */
function openEventStore(
  config: RuntimeConfig,
  db: Database,
  inline: InlineProjector | undefined,
): EventStore {
  const store =
    config.eventStore.kind === 'eventstoredb'
      ? createEventStoreDbEventStore(config.eventStore.connectionString)
      : postgresEventStore(config, db, inline);
  return upcastOnRead(store, domainEventUpcasts);
}

/** What kind of log the configuration gives: it decides where read models are applied. */
function logKind(config: RuntimeConfig): Parameters<typeof inlineProjectorFor>[0] {
  if (config.eventStore.kind === 'eventstoredb') return 'eventstoredb';
  return config.eventStore.singleStream ? 'single-stream' : 'postgres-multi-stream';
}

/**
 * The Postgres event log, refusing multi-stream appends when EVENT_STORE_SINGLE_STREAM asks,
 * and applying the read models in each append's transaction when `inline` is given.
 */
function postgresEventStore(
  config: RuntimeConfig,
  db: Database,
  inline?: InlineProjector,
): EventStore {
  const store = createPostgresEventStore(db, inline ? { inline } : {});
  return config.eventStore.kind === 'postgres' && config.eventStore.singleStream
    ? refuseMultiStreamAppends(store)
    : store;
}

/**
 * What opening the database is about to do, as a log line: creating the embedded database runs
 * initdb (in a child process), up to a minute on a small machine, which would otherwise pass in silence.
 */
function describeOpening(databaseUrl: string | undefined, dataDir: string): [object, string] {
  if (databaseUrl !== undefined) return [{ database: 'postgres' }, 'connecting to Postgres'];
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) {
    return [{ database: 'pglite', dataDir }, 'opening the embedded database'];
  }
  return [
    { database: 'pglite', dataDir },
    'creating the embedded database (first start: initdb runs in a child process, up to a minute)',
  ];
}

/** Every interface when HOST is unset (Node's default), else the one address HOST names. */
function listen(server: Server, port: number, host: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, ...(host === undefined ? {} : { host }) }, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The host of the URL to call the server at: localhost unless HOST names one address. */
function urlHost(host: string | undefined): string {
  if (host === undefined || host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

/** Stops accepting connections and lets requests in flight finish, within a bound. */
function drain(server: Server): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), drainTimeoutMs);
    force.unref();
    server.close(() => {
      clearTimeout(force);
      resolve();
    });
    server.closeIdleConnections();
  });
}
