import { operatorApi } from '@brand-api/contracts';
import type { Command } from 'commander';
import type { CliIo } from './cli-io';
import { commandContext } from './command-context';

/** `brandctl events export`: the log as NDJSON on stdout, for archives and audit tools. */
export function registerEventsCommands(program: Command, io: CliIo): void {
  const events = program.command('events').description('read the event log');
  events
    .command('export')
    .description('stream every event envelope as NDJSON (one JSON object per line) to stdout')
    .option('--since <moment>', 'only after this global position, or from this ISO 8601 time')
    .option('--brand <brandId>', "only this brand's events")
    .action(async (options: { since?: string; brand?: string }, command: Command) => {
      const { api } = commandContext(command, io);
      // NDJSON is already machine-readable: --json changes nothing here.
      await api.stream(
        operatorApi.adminExportEvents,
        {
          query: { since: options.since, brand: options.brand },
        },
        io.stdout,
      );
    });
}
