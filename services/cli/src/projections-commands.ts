import { operatorApi } from '@brand-api/contracts';
import type { ParkedEventView } from '@brand-api/contracts';
import { CommanderError, InvalidArgumentError } from 'commander';
import type { Command } from 'commander';
import { followJobs, isFinished } from './job-progress';
import type { CliIo } from './cli-io';
import { commandContext } from './command-context';
import { exitCodes } from './exit-codes';
import {
  describeParkedAction,
  describeProjectionJob,
  formatParked,
  formatProjections,
  formatVerify,
} from './tools-format';

/** `brandctl projections …`: status, zero-downtime rebuild, drift check. */
export function registerProjectionsCommands(program: Command, io: CliIo): void {
  const projections = program
    .command('projections')
    .description(
      'projections (the read models and the webhook projector): status, rebuild from the log, drift check',
    );

  projections
    .command('status')
    .description(
      "each projection's mode, position, lag in events and seconds, state and rebuild; " +
        'the webhook projector (asynchronous, run by the worker) included',
    )
    .action(async (_options: unknown, command: Command) => {
      const { api, print } = commandContext(command, io);
      const response = await api.call(operatorApi.adminProjectionStatus, {});
      print(response, formatProjections(response.head, response.data));
    });

  projections
    .command('rebuild')
    .description(
      'replay the log into shadow tables while the API serves the live ones, then swap; ' +
        'Ctrl-C interrupts, running it again resumes; never sends a webhook',
    )
    .argument('<name>', 'a projection, or all')
    .option('--detach', 'start it and return at once (follow with projections status)')
    .action(async (name: string, options: { detach?: boolean }, command: Command) => {
      const { api, json, print } = commandContext(command, io);
      const started = await api.call(operatorApi.adminStartRebuild, { params: { name } });
      if (options.detach) {
        print(started, started.data.map(describeProjectionJob).join('\n'));
        return;
      }
      const { jobs, interrupted } = await followJobs(api, name, io, { quiet: json });
      print({ data: jobs }, jobs.map(describeProjectionJob).join('\n'));
      const failed = jobs.filter((job) => job.state === 'failed');
      if (failed.length > 0) {
        throw new Error(
          `Rebuild failed: ${failed.map((job) => `${job.projection}: ${job.error ?? 'unknown error'}`).join('; ')}`,
        );
      }
      if (interrupted || jobs.some((job) => job.state === 'interrupted')) {
        io.stderr(`Interrupted. Run \`brandctl projections rebuild ${name}\` again to resume.\n`);
        throw new CommanderError(exitCodes.interrupted, 'brandctl.interrupted', 'interrupted');
      }
    });

  projections
    .command('verify')
    .description(
      'rebuild into shadow tables and compare row by row with the live tables; ' +
        `exit status ${exitCodes.drift} and a diff on any difference`,
    )
    .argument('[name]', 'a projection, or all', 'all')
    .action(async (name: string, _options: unknown, command: Command) => {
      const { api, json, print } = commandContext(command, io);
      await api.call(operatorApi.adminStartVerify, { params: { name } });
      const { jobs } = await followJobs(api, name, io, { quiet: json });
      print({ data: jobs }, formatVerify(jobs));
      if (jobs.some((job) => job.state !== 'done')) {
        throw new Error(`Verify did not complete: ${jobs.map(describeProjectionJob).join('; ')}`);
      }
      if (jobs.some((job) => job.result !== null && 'drift' in job.result && job.result.drift)) {
        throw new CommanderError(exitCodes.drift, 'brandctl.drift', 'drift found');
      }
    });

  projections
    .command('cancel')
    .description('interrupt a running rebuild or verify after its batch in flight')
    .argument('<name>', 'a projection, or all')
    .action(async (name: string, _options: unknown, command: Command) => {
      const { api, print } = commandContext(command, io);
      // The answer lists each projection's last job, finished ones too: what ran before the
      // cancel is what it interrupts.
      const before = await api.call(operatorApi.adminProjectionJob, { params: { name } });
      const running = new Set(
        before.data.filter((job) => !isFinished(job)).map((j) => j.projection),
      );
      const response = await api.call(operatorApi.adminCancelProjectionJob, { params: { name } });
      const cancelled = response.data.filter((job) => running.has(job.projection));
      print(
        response,
        cancelled.length === 0
          ? `Nothing running: no rebuild or verify of ${name} to cancel.`
          : cancelled
              .map((job) => `Cancelling ${describeProjectionJob(job)} (stops after its batch)`)
              .join('\n'),
      );
    });

  const parked = projections
    .command('parked')
    .description(
      'events a projection failed on repeatedly and passed over, so the rest of the log kept ' +
        'flowing: list them, retry one after a fix, or skip (acknowledge) it',
    );

  parked
    .command('list')
    .description('parked events, oldest first (open ones unless --status says otherwise)')
    .option('--projection <name>', 'only this projection')
    .option('--status <status>', 'parked, retried or skipped', 'parked')
    .action(async (options: { projection?: string; status: string }, command: Command) => {
      const { api, print } = commandContext(command, io);
      // The server checks the status and answers which values it takes.
      const status = options.status as ParkedEventView['status'];
      const response = await api.call(operatorApi.adminListParkedEvents, {
        query: { projection: options.projection, status },
      });
      print(response, formatParked(response.data));
    });

  for (const [action, description] of [
    [
      'retry',
      'apply the event parked at <position> now (with the later events of its stream); ' +
        'run it after fixing what made it fail',
    ],
    ['skip', 'acknowledge the event parked at <position>: it stays unapplied'],
  ] as const) {
    parked
      .command(action)
      .description(description)
      .argument('<position>', 'global position of the event (see parked list)', parsePosition)
      .option('--projection <name>', 'only this projection (default: every one that parked it)')
      .action(async (position: number, options: { projection?: string }, command: Command) => {
        const { api, print } = commandContext(command, io);
        const operation =
          action === 'retry' ? operatorApi.adminRetryParkedEvent : operatorApi.adminSkipParkedEvent;
        const response = await api.call(operation, {
          params: { position },
          query: { projection: options.projection },
        });
        print(response, response.data.map(describeParkedAction).join('\n'));
        if (response.data.some((result) => result.outcome === 'failed')) {
          throw new CommanderError(exitCodes.refused, 'brandctl.parked', 'the event still fails');
        }
      });
  }
}

function parsePosition(value: string): number {
  if (!/^[1-9][0-9]{0,15}$/.test(value)) {
    throw new InvalidArgumentError('A position is a positive whole number (see parked list).');
  }
  return Number(value);
}
