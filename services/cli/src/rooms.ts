import { operatorApi } from '@brand-api/contracts';
import type { Command } from 'commander';
import { commandContext } from './command-context';
import type { CliIo } from './cli-io';

/**
 * `brandctl rooms create <brandId> <name>`: rooms are where a brand's members post, and only
 * operators make them (`POST /admin/v1/brands/{brandId}/rooms`).
 */
export function registerRoomCommands(program: Command, io: CliIo): void {
  const rooms = program.command('rooms').description("create a brand's community rooms");
  rooms
    .command('create')
    .description('create a room members can post in')
    .argument('<brandId>', 'id of the brand')
    .argument('<name>', 'name of the room, e.g. "General"')
    .action(async (brandId: string, name: string, _options: unknown, command: Command) => {
      const { api, print } = commandContext(command, io);
      const response = await api.call(operatorApi.adminCreateRoom, {
        params: { brandId },
        body: { name },
      });
      print(response, `Created room\nid:   ${response.data.id}\nname: ${response.data.name}`);
    });
}
