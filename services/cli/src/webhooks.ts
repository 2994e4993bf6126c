import { operatorApi } from '@brand-api/contracts';
import type { AdminWebhookEndpoint, WebhookEventType, WebhookMessage } from '@brand-api/contracts';
import type { Command } from 'commander';
import { commandContext } from './command-context';
import type { CliIo } from './cli-io';
import {
  describeReplay,
  describeRetry,
  eventList,
  formatAttempt,
  formatEndpoint,
  formatMessage,
  formatPage,
  parseLimit,
  parseStatus,
  parseTime,
} from './webhooks-format';

/**
 * `brandctl webhooks …`: a brand's webhook endpoints over the operator API
 * (`/admin/v1/brands/{brandId}/webhook-endpoints`), and one message sent now
 * (`/admin/v1/webhook-messages/{messageId}/retry`). Every command prints the raw response with
 * `--json`; errors are reported like every other command's.
 */
export function registerWebhookCommands(program: Command, io: CliIo): void {
  const webhooks = program
    .command('webhooks')
    .description(
      "manage a brand's webhook endpoints, their deliveries and replays; send a message now",
    );

  const run = (command: Command) => commandContext(command, io);
  /** A command on one endpoint: its arguments are `<brandId> <endpointId>`. */
  const endpointCommand = (name: string, description: string) =>
    webhooks
      .command(name)
      .description(description)
      .argument('<brandId>', 'id of the brand')
      .argument('<endpointId>', 'id of the endpoint');

  webhooks
    .command('create')
    .description('register an endpoint; its signing secret is printed once')
    .argument('<brandId>', 'id of the brand')
    .argument(
      '<url>',
      'http or https URL that receives the POSTs (private and loopback hosts need WEBHOOK_ALLOW_PRIVATE_TARGETS=true on the server)',
    )
    .option('--events <types>', 'comma-separated event types (default: every type)', eventList)
    .action(
      async (
        brandId: string,
        url: string,
        options: { events?: WebhookEventType[] },
        command: Command,
      ) => {
        const { api, print } = run(command);
        const body = { url, ...(options.events ? { eventTypes: options.events } : {}) };
        const response = await api.call(operatorApi.adminCreateWebhookEndpoint, {
          params: { brandId },
          body,
        });
        print(
          response,
          `Registered webhook endpoint\n${formatEndpoint(response.data)}\nsecret:  ${response.data.secret}\n` +
            'Keep the secret now: it is not shown again (rotate-secret issues a new one).',
        );
      },
    );

  webhooks
    .command('list')
    .description("list a brand's endpoints")
    .argument('<brandId>', 'id of the brand')
    .action(async (brandId: string, _options: unknown, command: Command) => {
      const { api, print } = run(command);
      const response = await api.call(operatorApi.adminListWebhookEndpoints, {
        params: { brandId },
      });
      print(
        response,
        response.data.length === 0
          ? 'No webhook endpoints.'
          : response.data.map(formatEndpoint).join('\n\n'),
      );
    });

  endpointCommand('get', 'show one endpoint').action(
    async (brandId: string, id: string, _options: unknown, command: Command) => {
      const { api, print } = run(command);
      const response = await api.call(operatorApi.adminGetWebhookEndpoint, {
        params: { brandId, endpointId: id },
      });
      print(response, formatEndpoint(response.data));
    },
  );

  endpointCommand('update', "change an endpoint's URL or event types, or enable or disable it")
    .option('--url <url>', 'new URL')
    .option('--events <types>', 'comma-separated event types', eventList)
    .option('--all-events', 'receive every event type')
    .option('--enable', 'resume deliveries')
    .option('--disable', 'stop deliveries (pending messages fail; replay them later)')
    .action(
      async (
        brandId: string,
        id: string,
        options: {
          url?: string;
          events?: WebhookEventType[];
          allEvents?: boolean;
          enable?: boolean;
          disable?: boolean;
        },
        command: Command,
      ) => {
        if (options.events && options.allEvents)
          command.error('Pass --events or --all-events, not both.');
        if (options.enable && options.disable)
          command.error('Pass --enable or --disable, not both.');
        const patch: Partial<Pick<AdminWebhookEndpoint, 'url' | 'enabled'>> & {
          eventTypes?: WebhookEventType[] | null;
        } = {};
        if (options.url !== undefined) patch.url = options.url;
        if (options.events) patch.eventTypes = options.events;
        if (options.allEvents) patch.eventTypes = null;
        if (options.enable) patch.enabled = true;
        if (options.disable) patch.enabled = false;
        if (Object.keys(patch).length === 0) {
          command.error(
            'Nothing to update: pass --url, --events, --all-events, --enable or --disable.',
          );
        }
        const { api, print } = run(command);
        const response = await api.call(operatorApi.adminUpdateWebhookEndpoint, {
          params: { brandId, endpointId: id },
          body: patch,
        });
        print(response, `Updated webhook endpoint\n${formatEndpoint(response.data)}`);
      },
    );

  endpointCommand(
    'rotate-secret',
    'issue a new signing secret; the old one keeps signing for 24 hours',
  ).action(async (brandId: string, id: string, _options: unknown, command: Command) => {
    const { api, print } = run(command);
    const response = await api.call(operatorApi.adminRotateWebhookEndpointSecret, {
      params: { brandId, endpointId: id },
    });
    print(
      response,
      `New secret: ${response.data.secret}\n` +
        `Messages carry signatures with both secrets until ${response.data.previousSecretExpiresAt}.`,
    );
  });

  endpointCommand('attempts', "list an endpoint's delivery attempts, newest first")
    .option('--limit <n>', 'attempts per page (1-100)', parseLimit)
    .option('--cursor <cursor>', 'continue after a previous page')
    .action(
      async (
        brandId: string,
        id: string,
        options: { limit?: number; cursor?: string },
        command: Command,
      ) => {
        const { api, print } = run(command);
        const page = await api.call(operatorApi.adminListWebhookAttempts, {
          params: { brandId, endpointId: id },
          query: { limit: options.limit, cursor: options.cursor },
        });
        print(page, formatPage(page, formatAttempt, 'No attempts yet.'));
      },
    );

  endpointCommand('messages', "list an endpoint's messages, newest first")
    .option('--status <status>', 'pending, delivered or failed', parseStatus)
    .option('--limit <n>', 'messages per page (1-100)', parseLimit)
    .option('--cursor <cursor>', 'continue after a previous page')
    .action(
      async (
        brandId: string,
        id: string,
        options: { status?: WebhookMessage['status']; limit?: number; cursor?: string },
        command: Command,
      ) => {
        const { api, print } = run(command);
        const page = await api.call(operatorApi.adminListWebhookMessages, {
          params: { brandId, endpointId: id },
          query: { limit: options.limit, cursor: options.cursor, status: options.status },
        });
        print(page, formatPage(page, formatMessage, 'No messages.'));
      },
    );

  endpointCommand(
    'replay',
    "send the endpoint's failed and pending messages of events since a time now (same webhook-id)",
  )
    .option(
      '--since <time>',
      'required: ISO 8601 time, e.g. 2025-03-01T00:00:00Z; messages of events at or after it',
      parseTime,
    )
    .action(async (brandId: string, id: string, options: { since?: string }, command: Command) => {
      // Checked here, not by Commander's requiredOption, to say what to pass and why.
      if (options.since === undefined) {
        command.error(
          'Pass --since <time>: replay sends the messages of events at or after that time, e.g. ' +
            `brandctl webhooks replay ${brandId} ${id} --since 2025-03-01T00:00:00Z`,
        );
      }
      const { api, print } = run(command);
      const response = await api.call(operatorApi.adminReplayWebhookMessages, {
        params: { brandId, endpointId: id },
        body: { since: options.since },
      });
      print(response, describeReplay(response.data));
    });

  webhooks
    .command('retry')
    .description(
      'send a pending or failed message now to each endpoint it is not delivered to ' +
        '(same webhook-id; a failed one starts a fresh retry schedule)',
    )
    .argument('<messageId>', 'the msg_… id, as webhooks messages and attempts list it')
    .action(async (messageId: string, _options: unknown, command: Command) => {
      const { api, print } = run(command);
      const response = await api.call(operatorApi.adminRetryWebhookMessage, {
        params: { messageId },
      });
      print(response, describeRetry(response.data));
    });
}
