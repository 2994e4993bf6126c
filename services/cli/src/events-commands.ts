import type { Command } from 'commander';
import type { CliIo } from './program';
import { toolsContext } from './tools-context';

/** `brandctl events export`: the log as NDJSON on stdout, for archives and audit tools. */
export function registerEventsCommands(program: Command, io: CliIo): void {
  const events = program.command('events').description('read the event log');
  events
    .command('export')
    .description('stream every event envelope as NDJSON (one JSON object per line) to stdout')
    .option('--since <moment>', 'only after this global position, or from this ISO 8601 time')
    .option('--brand <brandId>', "only this brand's events")
    .action(async (options: { since?: string; brand?: string }, command: Command) => {
      const { client } = toolsContext(command, io);
      // NDJSON is already machine-readable: --json changes nothing here.
      await client.exportEvents(options, io.stdout);
    });
}
