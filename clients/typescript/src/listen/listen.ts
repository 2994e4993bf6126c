/**
 * `brand-api listen --forward-to <url>`: reads the brand's event stream and POSTs each event to a
 * local URL as a Standard Webhooks delivery signed with a secret of its own, so a receiver
 * written for production verifies it unchanged (with that secret instead of the endpoint's).
 * It remembers the last event forwarded in a state file and goes on from there next time.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { BrandApiClient } from '../client';
import type { RawStreamEvent } from '../events';
import { apiRoot } from '../transport';
import { newWebhookSecret, signWebhook } from '../webhooks';

export interface ListenOptions {
  apiKey: string;
  apiUrl: string;
  forwardTo: string;
  /** `whsec_…`; a new one when absent. */
  secret?: string;
  /** Start after this event id (or feed cursor), whatever the state file says. */
  since?: string;
  types?: string[];
  /** Where the last forwarded event id is kept. */
  stateFile: string;
  signal?: AbortSignal;
  print: (line: string) => void;
}

/** Delivery timeout, as the server's deliverer uses. */
const DELIVERY_TIMEOUT_MS = 15_000;

type State = Record<string, string>;

/** One state file serves several APIs and brands: entries are keyed by URL and key digest. */
function stateKey(apiUrl: string, apiKey: string): string {
  const digest = createHash('sha256').update(apiKey).digest('hex').slice(0, 16);
  return `${apiRoot(apiUrl)} ${digest}`;
}

async function readState(file: string): Promise<State> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as State;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`cannot read the state file ${file}: ${(error as Error).message}`);
  }
}

async function writeState(file: string, state: State): Promise<void> {
  await mkdir(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(state, null, 2)}\n`);
  await rename(temporary, file);
}

/** POSTs one event as a signed webhook; answers the status line to print. */
export async function forward(
  event: RawStreamEvent,
  forwardTo: string,
  secret: string,
): Promise<{ ok: boolean; status: string }> {
  const headers = signWebhook(secret, { id: event.id, body: event.body });
  try {
    const response = await fetch(forwardTo, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'user-agent': 'brand-api-listen/1.0.0',
      },
      body: event.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    const ok = response.status >= 200 && response.status < 300;
    return {
      ok,
      status: `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`,
    };
  } catch (error) {
    const cause = (error as Error).cause as Error | undefined;
    return { ok: false, status: `failed: ${cause?.message ?? (error as Error).message}` };
  }
}

export async function listen(options: ListenOptions): Promise<void> {
  const secret = options.secret ?? newWebhookSecret();
  const client = new BrandApiClient({ apiKey: options.apiKey, baseUrl: options.apiUrl });
  const state = await readState(options.stateFile);
  const key = stateKey(options.apiUrl, options.apiKey);
  const since = options.since ?? state[key];
  const resumeFrom = since?.startsWith('msg_') ? { lastEventId: since } : { cursor: since };
  options.print(`Forwarding events of ${apiRoot(options.apiUrl)} to ${options.forwardTo}`);
  options.print(`Webhook signing secret: ${secret}`);
  options.print(
    since === undefined
      ? 'Waiting for new events (Ctrl-C to stop)'
      : `Resuming after ${since} (Ctrl-C to stop)`,
  );
  const stream = client.events.rawStream({
    ...resumeFrom,
    types: options.types as never,
    signal: options.signal,
    onConnect: ({ reconnect }) => {
      options.print(
        reconnect ? 'Reconnected to the event stream' : 'Connected to the event stream',
      );
    },
  });
  for await (const event of stream) {
    const { status } = await forward(event, options.forwardTo, secret);
    options.print(`${new Date().toISOString()}  ${event.type}  ${event.id}  -> ${status}`);
    state[key] = event.id;
    await writeState(options.stateFile, state);
  }
}
