import type { Command } from 'commander';
import { createOperatorToolsClient } from './operator-tools-client';
import type { CliIo } from './program';

interface GlobalOptions {
  url: string;
  token?: string;
  json?: boolean;
}

/** What every operator-tools command needs: the client, the --json switch and printing. */
export function toolsContext(command: Command, io: CliIo) {
  const options = command.optsWithGlobals<GlobalOptions>();
  const client = createOperatorToolsClient({
    baseUrl: options.url,
    token: options.token,
    ...(io.fetch ? { fetch: io.fetch } : {}),
  });
  const json = options.json === true;
  const print = (value: unknown, human: string) =>
    io.stdout(`${json ? JSON.stringify(value, null, 2) : human}\n`);
  return { client, json, print };
}
