import { operatorApi } from '@brand-api/contracts';
import type { Scope } from '@brand-api/contracts';
import { Command, InvalidArgumentError } from 'commander';
import { commandContext } from './command-context';
import type { GlobalOptions } from './command-context';
import { exitCodes, exitStatusHelp } from './exit-codes';
import { formatBrand, formatBrands, formatIssuedKey, formatKeys } from './format';
import type { OperatorApiClient } from './operator-api-client';
import { registerMemberCommands } from './members';
import { registerRoomCommands } from './rooms';
import { registerWebhookCommands } from './webhooks';
import { registerAuditCommands } from './audit-commands';
import { registerEventsCommands } from './events-commands';
import { registerProjectionsCommands } from './projections-commands';
import type { CliIo } from './cli-io';
import { reportFailure } from './report-failure';

export const defaultUrl = 'http://localhost:3000';

/**
 * Builds the `brandctl` program. Every command talks to the operator API over HTTP; the IO is
 * injected so tests run the real program against a real server and read what it prints.
 */
export function buildProgram(io: CliIo): Command {
  const program = new Command('brandctl')
    .description(
      'Operate a Brand API instance: brands and API keys, members and rooms, webhooks, the event log, projections and audits.',
    )
    .option(
      '--url <url>',
      `base URL of the Brand API server; default $BRANDCTL_URL, else ${defaultUrl}`,
      io.env.BRANDCTL_URL ?? defaultUrl,
    )
    .option('--token <token>', "operator token (the server's ADMIN_TOKEN); default $BRANDCTL_TOKEN")
    .option('--json', 'print the raw JSON response')
    .addHelpText('after', exitStatusHelp)
    .showHelpAfterError()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    // Set before the sub-commands are declared: they copy the setting when created.
    .exitOverride();

  // The token comes from the injected environment (not Commander's `.env()`, which reads
  // process.env) so that tests and embedding callers control it.
  program.hook('preAction', (root) => {
    if (root.opts<GlobalOptions>().token === undefined && io.env.BRANDCTL_TOKEN) {
      root.setOptionValue('token', io.env.BRANDCTL_TOKEN);
    }
  });

  const context = (command: Command) => commandContext(command, io);

  const brands = program.command('brands').description('create, list and update brands');

  brands
    .command('create')
    .description('create a brand')
    .argument('<name>', 'display name of the brand')
    .option('--custom-auth', 'enable custom authentication (magic links)', false)
    .action(async (name: string, options: { customAuth: boolean }, command: Command) => {
      const { api, print } = context(command);
      const response = await api.call(operatorApi.adminCreateBrand, {
        body: { name, customAuthEnabled: options.customAuth },
      });
      print(response, `Created brand\n${formatBrand(response.data)}`);
    });

  brands
    .command('list')
    .description('list brands')
    .option('--limit <n>', 'brands per page (1-100)', parseLimit)
    .option('--cursor <cursor>', 'continue after a previous page')
    .option('--all', 'follow cursors until the last page')
    .action(
      async (options: { limit?: number; cursor?: string; all?: boolean }, command: Command) => {
        const { api, print } = context(command);
        const page = await listBrands(api, options);
        const more = page.hasMore && page.nextCursor ? `\nMore: --cursor ${page.nextCursor}` : '';
        print(page, `${formatBrands(page.data)}${more}`);
      },
    );

  brands
    .command('update')
    .description('rename a brand or switch custom authentication')
    .argument('<brandId>', 'id of the brand')
    .option('--name <name>', 'new display name')
    .option('--custom-auth', 'enable custom authentication')
    .option('--no-custom-auth', 'disable custom authentication')
    .action(
      async (
        brandId: string,
        options: { name?: string; customAuth?: boolean },
        command: Command,
      ) => {
        const patch: { name?: string; customAuthEnabled?: boolean } = {};
        if (options.name !== undefined) patch.name = options.name;
        if (options.customAuth !== undefined) patch.customAuthEnabled = options.customAuth;
        if (Object.keys(patch).length === 0) {
          command.error('Nothing to update: pass --name, --custom-auth or --no-custom-auth.');
        }
        const { api, print } = context(command);
        const response = await api.call(operatorApi.adminUpdateBrand, {
          params: { brandId },
          body: patch,
        });
        print(response, `Updated brand\n${formatBrand(response.data)}`);
      },
    );

  const keys = program.command('keys').description('create, list and revoke API keys');

  keys
    .command('create')
    .description('create an API key for a brand; the key is printed once')
    .argument('<brandId>', 'id of the brand')
    .requiredOption(
      '--scopes <scopes>',
      'comma-separated scopes, e.g. members:read,posts:read',
      splitList,
    )
    .option('--name <name>', 'a label to recognise the key by')
    .action(
      async (brandId: string, options: { scopes: string[]; name?: string }, command: Command) => {
        const { api, print } = context(command);
        // The server checks the scopes against its catalogue and answers which one is unknown.
        const body: { scopes: Scope[]; name?: string } = { scopes: options.scopes as Scope[] };
        if (options.name !== undefined) body.name = options.name;
        const response = await api.call(operatorApi.adminIssueApiKey, {
          params: { brandId },
          body,
        });
        print(response, formatIssuedKey(response.data));
      },
    );

  keys
    .command('list')
    .description("list a brand's API keys (never their secrets)")
    .argument('<brandId>', 'id of the brand')
    .action(async (brandId: string, _options: unknown, command: Command) => {
      const { api, print } = context(command);
      const response = await api.call(operatorApi.adminListApiKeys, { params: { brandId } });
      print(response, formatKeys(response.data));
    });

  keys
    .command('revoke')
    .description('revoke an API key: the next request with it is refused')
    .argument('<brandId>', 'id of the brand')
    .argument('<keyId>', 'id of the key')
    .action(async (brandId: string, keyId: string, _options: unknown, command: Command) => {
      const { api, print } = context(command);
      const response = await api.call(operatorApi.adminRevokeApiKey, {
        params: { brandId, keyId },
      });
      print(response, `Revoked API key ${response.data.id}`);
    });

  registerRoomCommands(program, io);
  registerMemberCommands(program, io);
  registerWebhookCommands(program, io);

  registerAuditCommands(program, io);
  registerProjectionsCommands(program, io);
  registerEventsCommands(program, io);
  return program;
}

async function listBrands(
  api: OperatorApiClient,
  options: { limit?: number; cursor?: string; all?: boolean },
) {
  const query: { limit?: number; cursor?: string } = {};
  if (options.limit !== undefined) query.limit = options.limit;
  if (options.cursor !== undefined) query.cursor = options.cursor;
  const first = await api.call(operatorApi.adminListBrands, { query });
  if (!options.all) return first;
  const data = [...first.data];
  let page = first;
  while (page.hasMore && page.nextCursor) {
    page = await api.call(operatorApi.adminListBrands, {
      query: { ...query, cursor: page.nextCursor },
    });
    data.push(...page.data);
  }
  return { data, hasMore: false, nextCursor: null };
}

function parseLimit(value: string): number {
  const limit = Number(value);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    throw new InvalidArgumentError('an integer from 1 to 100');
  }
  return limit;
}

function splitList(value: string, previous: string[] | undefined): string[] {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
  return [...(previous ?? []), ...items];
}

/** Runs the program; resolves to the process exit code (`exit-codes.ts`). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCodes.ok;
  } catch (error) {
    return reportFailure(error, io, argv.includes('--json'));
  }
}
