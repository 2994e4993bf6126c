import { memberRoles, operatorApi } from '@brand-api/contracts';
import type { Member, MemberRole } from '@brand-api/contracts';
import { InvalidArgumentError } from 'commander';
import type { Command } from 'commander';
import { commandContext } from './command-context';
import type { CliIo } from './cli-io';

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
        role: MemberRole,
        _options: unknown,
        command: Command,
      ) => {
        const { api, print } = commandContext(command, io);
        const response = await api.call(operatorApi.adminSetMemberRole, {
          params: { brandId, memberId },
          body: { role },
        });
        print(response, formatMember(response.data));
      },
    );
}

function parseRole(value: string): MemberRole {
  const role = memberRoles.find((known) => known === value.toUpperCase());
  if (!role) throw new InvalidArgumentError(`Allowed roles: ${memberRoles.join(', ')}.`);
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
