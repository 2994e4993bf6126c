import { InvalidArgumentError } from 'commander';
import type { Command } from 'commander';
import { createOperatorClient } from './operator-client';
import type { Member } from './operator-client';
import type { CliIo } from './program';

interface GlobalOptions {
  url: string;
  token?: string;
  json?: boolean;
}

/** The roles the server accepts; it validates again and stays the authority. */
export const memberRoles = ['ADMIN', 'MODERATOR', 'CUSTOMER'] as const;

/**
 * `brandctl members set-role <brandId> <memberId> <role>`: moderators and admins are appointed
 * by operators (`PATCH /admin/v1/brands/{brandId}/members/{memberId}`); the change applies to
 * the member's next community command, without signing in again.
 */
export function registerMemberCommands(program: Command, io: CliIo): void {
  const members = program.command('members').description("manage a brand's community members");
  members
    .command('set-role')
    .description('make a member an ADMIN, MODERATOR or CUSTOMER')
    .argument('<brandId>', 'id of the brand')
    .argument('<memberId>', 'id of the member')
    .argument('<role>', `one of ${memberRoles.join(', ')} (any case)`, parseRole)
    .action(
      async (
        brandId: string,
        memberId: string,
        role: string,
        _options: unknown,
        command: Command,
      ) => {
        const options = command.optsWithGlobals<GlobalOptions>();
        const client = createOperatorClient({
          baseUrl: options.url,
          token: options.token,
          ...(io.fetch ? { fetch: io.fetch } : {}),
        });
        const response = await client.setMemberRole(brandId, memberId, role);
        io.stdout(
          options.json
            ? `${JSON.stringify(response, null, 2)}\n`
            : `${formatMember(response.data)}\n`,
        );
      },
    );
}

function parseRole(value: string): string {
  const role = value.toUpperCase();
  if (!(memberRoles as readonly string[]).includes(role)) {
    throw new InvalidArgumentError(`Allowed roles: ${memberRoles.join(', ')}.`);
  }
  return role;
}

function formatMember(member: Member): string {
  return [
    `Member ${member.username} is now ${member.role}`,
    `id:       ${member.id}`,
    `username: ${member.username}`,
    `email:    ${member.email}`,
    `role:     ${member.role}`,
  ].join('\n');
}
