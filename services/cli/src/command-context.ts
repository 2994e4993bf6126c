import type { Command } from 'commander';
import { checkBaseUrl } from './base-url';
import { createOperatorApiClient } from './operator-api-client';
import type { CliIo } from './cli-io';

/** The options every command inherits from `brandctl` itself. */
export interface GlobalOptions {
  url: string;
  token?: string;
  json?: boolean;
}

/**
 * What every command needs: the operator API client, the `--json` switch, and `print`, which
 * writes the raw answer with `--json` and the human text otherwise.
 */
export function commandContext(command: Command, io: CliIo) {
  const options = command.optsWithGlobals<GlobalOptions>();
  const api = createOperatorApiClient({
    baseUrl: checkBaseUrl(options.url),
    token: options.token,
    ...(io.fetch ? { fetch: io.fetch } : {}),
    ...(io.checkResponses ? { checkResponses: true } : {}),
  });
  const json = options.json === true;
  const print = (value: unknown, human: string) =>
    io.stdout(`${json ? JSON.stringify(value, null, 2) : human}\n`);
  return { api, json, print };
}
