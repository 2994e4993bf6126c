import path from 'node:path';
import { ConfigError, loadConfig } from './config';

const cwd = '/srv/brand-api';

function problemsOf(env: Record<string, string>): readonly string[] {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('defaults to port 3000, .data under the working directory, embedded Postgres', () => {
    expect(loadConfig({}, cwd)).toEqual({
      port: 3000,
      host: undefined,
      corsOrigins: [],
      dataDir: path.join(cwd, '.data'),
      databaseUrl: undefined,
      eventStore: { kind: 'postgres' },
      adminToken: undefined,
      publicUrl: 'http://localhost:3000',
      membersUrl: undefined,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig(
        {
          PORT: '8080',
          HOST: '127.0.0.1',
          CORS_ORIGINS: 'https://app.example.com, http://localhost:8000',
          DATA_DIR: '/var/lib/brand-api',
          DATABASE_URL: 'postgres://app@db:5432/brand',
          EVENT_STORE: 'eventstoredb',
          EVENTSTORE_CONNECTION_STRING: 'esdb://localhost:2113?tls=false',
          ADMIN_TOKEN: 'a-long-enough-operator-token',
          PUBLIC_URL: 'https://api.example.com/',
          MEMBERS_URL: 'https://community.example.com/app/',
          LOG_LEVEL: 'debug',
        },
        cwd,
      ),
    ).toEqual({
      port: 8080,
      host: '127.0.0.1',
      corsOrigins: ['https://app.example.com', 'http://localhost:8000'],
      dataDir: '/var/lib/brand-api',
      databaseUrl: 'postgres://app@db:5432/brand',
      eventStore: { kind: 'eventstoredb', connectionString: 'esdb://localhost:2113?tls=false' },
      adminToken: 'a-long-enough-operator-token',
      publicUrl: 'https://api.example.com',
      membersUrl: 'https://community.example.com/app',
      logLevel: 'debug',
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', ADMIN_TOKEN: '' }, cwd)).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      adminToken: undefined,
    });
  });

  it('reports every problem at once, naming each variable', () => {
    const problems = problemsOf({
      PORT: '70000',
      DATABASE_URL: 'mysql://db',
      EVENT_STORE: 'kafka',
      ADMIN_TOKEN: 'short',
      PUBLIC_URL: 'ftp://x',
      LOG_LEVEL: 'verbose',
    });
    expect(problems).toHaveLength(6);
    for (const name of [
      'PORT',
      'DATABASE_URL',
      'EVENT_STORE',
      'ADMIN_TOKEN',
      'PUBLIC_URL',
      'LOG_LEVEL',
    ]) {
      expect(problems.some((problem) => problem.startsWith(name))).toBe(true);
    }
  });

  it.each([['ftp://members.example.com'], ['community.example.com'], ['https://x.example/?a=1']])(
    'refuses MEMBERS_URL=%s, saying what it should be',
    (membersUrl) => {
      expect(problemsOf({ MEMBERS_URL: membersUrl })).toEqual([
        expect.stringMatching(
          /^MEMBERS_URL must be the http\(s\) address of the members' front end/,
        ) as string,
      ]);
    },
  );

  it.each([['-1'], ['3.5'], ['http']])('refuses PORT=%s', (port) => {
    expect(problemsOf({ PORT: port })).toEqual([expect.stringContaining('PORT') as string]);
  });

  it('needs a connection string for EventStoreDB', () => {
    expect(problemsOf({ EVENT_STORE: 'eventstoredb' })).toEqual([
      expect.stringContaining('EVENTSTORE_CONNECTION_STRING') as string,
    ]);
    expect(
      problemsOf({ EVENT_STORE: 'eventstoredb', EVENTSTORE_CONNECTION_STRING: 'http://x' }),
    ).toEqual([expect.stringContaining('esdb://') as string]);
  });

  it('switches the Postgres store to single-stream appends with EVENT_STORE_SINGLE_STREAM', () => {
    expect(loadConfig({ EVENT_STORE_SINGLE_STREAM: 'true' }, cwd).eventStore).toEqual({
      kind: 'postgres',
      singleStream: true,
    });
    expect(loadConfig({ EVENT_STORE_SINGLE_STREAM: 'false' }, cwd).eventStore).toEqual({
      kind: 'postgres',
    });
    expect(problemsOf({ EVENT_STORE_SINGLE_STREAM: 'yes' })).toEqual([
      expect.stringContaining('EVENT_STORE_SINGLE_STREAM') as string,
    ]);
  });

  it('takes HOST as an address, [::1] included, and refuses anything else', () => {
    expect(loadConfig({ HOST: '[::1]' }, cwd).host).toBe('::1');
    expect(loadConfig({ HOST: 'api.internal' }, cwd).host).toBe('api.internal');
    expect(problemsOf({ HOST: 'http://x/' })).toEqual([expect.stringContaining('HOST') as string]);
  });

  it.each([['https://app.example.com/'], ['app.example.com'], ['https://a.example/path'], ['*']])(
    'refuses CORS_ORIGINS=%s: an origin is a scheme, host and port',
    (origins) => {
      expect(problemsOf({ CORS_ORIGINS: origins })).toEqual([
        expect.stringContaining('CORS_ORIGINS') as string,
      ]);
    },
  );
});
