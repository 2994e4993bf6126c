import { operatorApi } from '@brand-api/contracts';
import type { Command } from 'commander';
import type { CliIo } from './cli-io';
import { commandContext } from './command-context';
import { formatEntityAt, formatHistory } from './tools-format';

const entities =
  'product, variant, member, member-group, post, post-comment, room, brand, api-key, webhook-endpoint';

/** `brandctl audit …`: who changed what, when, from what to what; and time travel. */
export function registerAuditCommands(program: Command, io: CliIo): void {
  const audit = program
    .command('audit')
    .description('audit the event log: history per entity or request, state at a past moment');

  audit
    .command('history')
    .description('every event of an entity: time, type, actor, request id, fields before → after')
    .argument('<entity>', entities)
    .argument('<id>', 'id of the entity')
    .action(async (entity: string, id: string, _options: unknown, command: Command) => {
      const { api, print } = commandContext(command, io);
      const response = await api.call(operatorApi.adminEntityHistory, { params: { entity, id } });
      print(response, formatHistory(response.data));
    });

  audit
    .command('request')
    .description('everything one request did (its id is in every response header x-request-id)')
    .argument('<requestId>', 'the request id')
    .action(async (requestId: string, _options: unknown, command: Command) => {
      const { api, print } = commandContext(command, io);
      const response = await api.call(operatorApi.adminRequestHistory, { params: { requestId } });
      print(response, formatHistory(response.data));
    });

  audit
    .command('at')
    .description("an entity's state as it was then, folded from the log by the live evolve")
    .argument('<entity>', entities)
    .argument('<id>', 'id of the entity')
    .requiredOption('--at <moment>', 'an ISO 8601 time, or a global position (from history)')
    .action(async (entity: string, id: string, options: { at: string }, command: Command) => {
      const { api, print } = commandContext(command, io);
      const response = await api.call(operatorApi.adminEntityAt, {
        params: { entity, id },
        query: { at: options.at },
      });
      print(response, formatEntityAt(response.data));
    });
}
