#!/usr/bin/env node
import { ConfigError, loadConfig } from './runtime/config';
import { DataDirInsideClusterError, DataDirLockedError } from './runtime/data-dir-lock';
import { exitCodes } from './runtime/exit-codes';
import { startRuntime } from './runtime/start';

const usage = `Usage: brand-api-server <serve|work|all>

  serve  the HTTP API (scale out: several instances share one Postgres)
  work   the read-model projectors and the webhook projector and deliverer
  all    both in one process (the default of npm start)

Environment: PORT (3000), DATA_DIR (.data), DATABASE_URL, EVENT_STORE (postgres|eventstoredb),
EVENTSTORE_CONNECTION_STRING, ADMIN_TOKEN, PUBLIC_URL, LOG_LEVEL (info),
EVENT_STORE_SINGLE_STREAM (false; true makes the Postgres event store refuse multi-stream
appends as EventStoreDB does: claims are written before their entity, a sweeper in the work
role gives back those whose entity never appeared).
`;

async function main(argv: readonly string[]): Promise<number> {
  const role = argv[0];
  if (role === '--help' || role === '-h') {
    process.stdout.write(usage);
    return 0;
  }
  if (role !== 'serve' && role !== 'work' && role !== 'all') {
    process.stderr.write(`brand-api: unknown role '${role ?? ''}'\n\n${usage}`);
    return exitCodes.usage;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`brand-api: ${error.message}\n`);
      return exitCodes.config;
    }
    throw error;
  }
  let runtime;
  try {
    runtime = await startRuntime(role, config, {
      print: (text) => process.stdout.write(`${text}\n`),
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      process.stderr.write(`brand-api: ${error.message}\n`);
      return exitCodes.dataDirLocked;
    }
    if (error instanceof DataDirInsideClusterError) {
      process.stderr.write(`brand-api: ${error.message}\n`);
      return exitCodes.config;
    }
    process.stderr.write(
      `brand-api: start failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return exitCodes.startFailed;
  }
  const started = runtime;
  await new Promise<void>((resolve) => {
    let signalled = false;
    const shutdown = (signal: NodeJS.Signals) => {
      if (signalled) {
        // A second signal means "now": skip the drain.
        process.stderr.write(`brand-api: ${signal} again, exiting immediately\n`);
        process.exit(exitCodes.startFailed);
      }
      signalled = true;
      started.stop().then(resolve, (error: unknown) => {
        process.stderr.write(`brand-api: shutdown failed: ${String(error)}\n`);
        process.exitCode = exitCodes.startFailed;
        resolve();
      });
    };
    process.on('SIGTERM', shutdown);
    process.on('SIGINT', shutdown);
  });
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = process.exitCode ?? code;
  },
  (error: unknown) => {
    process.stderr.write(`brand-api: ${String(error)}\n`);
    process.exitCode = exitCodes.startFailed;
  },
);
