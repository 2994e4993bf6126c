import type { Command } from 'commander';
import { OperatorApiError, OperatorConnectionError } from './operator-client';
import type { ErrorBody } from './operator-client';
import type { CliIo } from './program';

interface GlobalOptions {
  url: string;
  token?: string;
  json?: boolean;
}

export interface Room {
  id: string;
  name: string;
}

/**
 * `brandctl rooms create <brandId> <name>`: rooms are where a brand's members post, and only
 * operators make them (`POST /admin/v1/brands/{brandId}/rooms`). Failures are reported like
 * every other command's (the operator client's error types).
 */
export function registerRoomCommands(program: Command, io: CliIo): void {
  const rooms = program.command('rooms').description("create a brand's community rooms");
  rooms
    .command('create')
    .description('create a room members can post in')
    .argument('<brandId>', 'id of the brand')
    .argument('<name>', 'name of the room, e.g. "General"')
    .action(async (brandId: string, name: string, _options: unknown, command: Command) => {
      const options = command.optsWithGlobals<GlobalOptions>();
      const response = await createRoom(options, brandId, name, io.fetch ?? fetch);
      io.stdout(
        options.json
          ? `${JSON.stringify(response, null, 2)}\n`
          : `Created room\nid:   ${response.data.id}\nname: ${response.data.name}\n`,
      );
    });
}

async function createRoom(
  options: GlobalOptions,
  brandId: string,
  name: string,
  doFetch: typeof fetch,
): Promise<{ data: Room }> {
  const base = options.url.replace(/\/+$/, '');
  let response: Response;
  try {
    response = await doFetch(`${base}/admin/v1/brands/${encodeURIComponent(brandId)}/rooms`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: JSON.stringify({ name }),
      signal: AbortSignal.timeout(30_000),
    });
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    throw new OperatorConnectionError(
      `Cannot reach ${base}: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new OperatorConnectionError(
      `${base} answered ${response.status} without a JSON body; is it a Brand API server?`,
    );
  }
  if (!response.ok) throw new OperatorApiError(response.status, errorBodyOf(body, response.status));
  return body as { data: Room };
}

function errorBodyOf(body: unknown, status: number): ErrorBody {
  const candidate = body as Partial<ErrorBody> | null;
  return typeof candidate?.message === 'string' && typeof candidate.code === 'string'
    ? (candidate as ErrorBody)
    : { message: `HTTP ${status}`, code: 'HTTP_ERROR', statusCode: status };
}
