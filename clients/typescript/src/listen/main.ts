/**
 * The `brand-api` bin of @brand-api/client. One command today:
 *   brand-api listen --forward-to http://localhost:4000/webhook [--api-key …] [--url …]
 *                    [--secret whsec_…] [--since <event id or cursor>] [--types a,b] [--state-file …]
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BrandApiError } from '../errors';
import { listen } from './listen';

const usage = `Usage: brand-api listen --forward-to <url> [options]

Forwards the Brand API's events to a local URL as signed Standard Webhooks deliveries.

Options:
  --forward-to <url>   where to POST each event (required), e.g. http://localhost:4000/webhook
  --api-key <key>      a Brand API key with events:read (default: $BRAND_API_KEY)
  --url <url>          the API host (default: $BRAND_API_URL)
  --secret <whsec_…>   the signing secret (default: a new one, printed at start)
  --since <id>         start after this event id or feed cursor (default: where the last run stopped)
  --types <a,b>        only these event types, e.g. user.joined,post.created
  --state-file <path>  where the last forwarded event id is kept (default: .brand-api-listen.json)
  -h, --help           show this help
`;

export async function main(argv: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const fail = (message: string) => {
    process.stderr.write(`brand-api: ${message}\n\n${usage}`);
    return 64; // EX_USAGE
  };
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'forward-to': { type: 'string' },
        'api-key': { type: 'string' },
        url: { type: 'string' },
        secret: { type: 'string' },
        since: { type: 'string' },
        types: { type: 'string' },
        'state-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return fail((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help === true) {
    process.stdout.write(usage);
    return 0;
  }
  if (positionals[0] !== 'listen' || positionals.length > 1) {
    return fail(
      positionals.length === 0
        ? 'a command is needed'
        : `unknown command: ${positionals.join(' ')}`,
    );
  }
  const forwardTo = values['forward-to'];
  const apiKey = values['api-key'] ?? env.BRAND_API_KEY;
  const apiUrl = values.url ?? env.BRAND_API_URL;
  if (forwardTo === undefined) return fail('--forward-to is required');
  if (!URL.canParse(forwardTo)) return fail(`--forward-to is not a URL: ${forwardTo}`);
  if (apiKey === undefined || apiKey === '')
    return fail('an API key is needed: --api-key or BRAND_API_KEY');
  if (apiUrl === undefined || apiUrl === '')
    return fail('the API URL is needed: --url or BRAND_API_URL');
  if (values.secret !== undefined && !values.secret.startsWith('whsec_')) {
    return fail('--secret must be a whsec_… secret');
  }
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await listen({
      apiKey,
      apiUrl,
      forwardTo,
      secret: values.secret,
      since: values.since,
      types: values.types?.split(','),
      stateFile: resolve(values['state-file'] ?? '.brand-api-listen.json'),
      signal: stop.signal,
      print: (line) => process.stdout.write(`${line}\n`),
    });
    return 0;
  } catch (error) {
    const message =
      error instanceof BrandApiError
        ? `${error.statusCode} ${error.code}: ${error.message}`
        : (error as Error).message;
    process.stderr.write(`brand-api: ${message}\n`);
    return 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
