import path from 'node:path';

export type Role = 'serve' | 'work' | 'all';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export type EventStoreConfig =
  | {
      kind: 'postgres';
      /**
       * Refuse multi-stream appends as EventStoreDB does (EVENT_STORE_SINGLE_STREAM=true), so
       * the one-stream-at-a-time command path and its claim sweeper run on Postgres too.
       */
      singleStream?: true;
    }
  | { kind: 'eventstoredb'; connectionString: string };

/** Everything the process reads from its environment, checked once at start. */
export interface RuntimeConfig {
  port: number;
  /** HOST: the address to listen on; undefined listens on every interface. */
  host: string | undefined;
  /** CORS_ORIGINS: origins (`https://app.example.com`) whose pages may call the APIs. */
  corsOrigins: string[];
  /** Embedded database directory (absolute); used when `databaseUrl` is absent. */
  dataDir: string;
  databaseUrl: string | undefined;
  eventStore: EventStoreConfig;
  /** Operator token from the environment; when absent one is generated and stored. */
  adminToken: string | undefined;
  publicUrl: string;
  /**
   * MEMBERS_URL: the members' front end, where a redeemed magic link redirects (plus the
   * link's `returnTo`) and a post's `url` points. Undefined: both lead to a plain page on the
   * API host that says who signed in and that this setting is missing.
   */
  membersUrl: string | undefined;
  logLevel: LogLevel;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export const minAdminTokenLength = 24;

/**
 * Reads the configuration from environment variables. Every problem is reported at once, each
 * naming its variable, so a misconfigured deployment is fixed in one round.
 */
export function loadConfig(
  env: Record<string, string | undefined>,
  cwd: string = process.cwd(),
): RuntimeConfig {
  const problems: string[] = [];
  const value = (name: string) => {
    const raw = env[name]?.trim();
    return raw === undefined || raw === '' ? undefined : raw;
  };

  let port = 3000;
  const rawPort = value('PORT');
  if (rawPort !== undefined) {
    port = Number(rawPort);
    if (!/^\d+$/.test(rawPort) || port > 65_535) {
      problems.push(`PORT must be an integer from 0 to 65535, got '${rawPort}'`);
    }
  }

  const host = value('HOST');
  if (host !== undefined && !/^[A-Za-z0-9.:[\]%-]+$/.test(host)) {
    problems.push(`HOST must be an IP address or a host name, got '${host}'`);
  }

  const corsOrigins = (value('CORS_ORIGINS') ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of corsOrigins) {
    if (!isOrigin(origin)) {
      problems.push(
        `CORS_ORIGINS must list origins such as https://app.example.com (scheme, host and port only), got '${origin}'`,
      );
    }
  }

  const databaseUrl = value('DATABASE_URL');
  if (databaseUrl !== undefined && !hasProtocol(databaseUrl, ['postgres:', 'postgresql:'])) {
    problems.push('DATABASE_URL must be a postgres:// or postgresql:// connection string');
  }

  let eventStore: EventStoreConfig = { kind: 'postgres' };
  const rawEventStore = value('EVENT_STORE') ?? 'postgres';
  if (rawEventStore === 'eventstoredb') {
    const connectionString = value('EVENTSTORE_CONNECTION_STRING');
    if (connectionString === undefined) {
      problems.push(
        'EVENT_STORE=eventstoredb needs EVENTSTORE_CONNECTION_STRING (esdb://host:2113?tls=false)',
      );
    } else if (
      !hasProtocol(connectionString, ['esdb:', 'esdb+discover:', 'kurrentdb:', 'kurrent:'])
    ) {
      problems.push(
        'EVENTSTORE_CONNECTION_STRING must be an esdb:// or kurrentdb:// connection string',
      );
    } else {
      eventStore = { kind: 'eventstoredb', connectionString };
    }
  } else if (rawEventStore !== 'postgres') {
    problems.push(`EVENT_STORE must be 'postgres' or 'eventstoredb', got '${rawEventStore}'`);
  }
  const rawSingleStream = value('EVENT_STORE_SINGLE_STREAM')?.toLowerCase() ?? 'false';
  if (!['true', '1', 'false', '0'].includes(rawSingleStream)) {
    problems.push(`EVENT_STORE_SINGLE_STREAM must be true or false, got '${rawSingleStream}'`);
  } else if (['true', '1'].includes(rawSingleStream) && eventStore.kind === 'postgres') {
    eventStore = { kind: 'postgres', singleStream: true };
  }

  const adminToken = value('ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.length < minAdminTokenLength) {
    problems.push(`ADMIN_TOKEN must be at least ${minAdminTokenLength} characters`);
  }

  let publicUrl = `http://localhost:${port}`;
  const rawPublicUrl = value('PUBLIC_URL');
  if (rawPublicUrl !== undefined) {
    if (hasProtocol(rawPublicUrl, ['http:', 'https:']))
      publicUrl = rawPublicUrl.replace(/\/+$/, '');
    else problems.push(`PUBLIC_URL must be an http(s) URL, got '${rawPublicUrl}'`);
  }

  let membersUrl: string | undefined;
  const rawMembersUrl = value('MEMBERS_URL');
  if (rawMembersUrl !== undefined) {
    if (hasProtocol(rawMembersUrl, ['http:', 'https:']) && !/[?#]/.test(rawMembersUrl))
      membersUrl = rawMembersUrl.replace(/\/+$/, '');
    else {
      problems.push(
        `MEMBERS_URL must be the http(s) address of the members' front end without a query or fragment, such as https://community.example.com, got '${rawMembersUrl}'`,
      );
    }
  }

  const rawLogLevel = value('LOG_LEVEL') ?? 'info';
  const logLevel = logLevels.find((level) => level === rawLogLevel);
  if (logLevel === undefined) {
    problems.push(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got '${rawLogLevel}'`);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host: host === undefined ? undefined : host.replace(/^\[(.*)\]$/, '$1'),
    corsOrigins,
    dataDir: path.resolve(cwd, value('DATA_DIR') ?? '.data'),
    databaseUrl,
    eventStore,
    adminToken,
    publicUrl,
    membersUrl,
    logLevel: logLevel ?? 'info',
  };
}

function isOrigin(raw: string): boolean {
  try {
    const url = new URL(raw);
    return ['http:', 'https:'].includes(url.protocol) && url.origin === raw;
  } catch {
    return false;
  }
}

function hasProtocol(raw: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(raw).protocol);
  } catch {
    return false;
  }
}
