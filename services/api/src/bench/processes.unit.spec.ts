import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiNodeFlags } from './processes';

/** The Node flags `npm start` gives the server, as its shell expands them with `env`. */
function startFlags(env: Record<string, string>): string[] {
  const packageJson = path.resolve(__dirname, '../../../../package.json');
  const { scripts } = JSON.parse(readFileSync(packageJson, 'utf8')) as {
    scripts: { start: string };
  };
  // The script as npm runs it (`sh -c`), printing the node command's arguments instead.
  const { PATH } = process.env;
  const echoed = spawnSync('sh', ['-c', scripts.start.replace(' node ', ' echo ')], {
    env: { PATH, ...env },
    encoding: 'utf8',
  });
  expect(echoed.status).toBe(0);
  return echoed.stdout
    .trim()
    .split(/\s+/)
    .filter((arg) => arg.startsWith('--'));
}

describe('the benchmarks run the API as npm start does', () => {
  it('with the embedded flags when no DATABASE_URL is set', () => {
    expect(startFlags({})).toEqual(apiNodeFlags('embedded'));
  });

  it("with V8's own young generation on a Postgres server", () => {
    expect(startFlags({ DATABASE_URL: 'postgres://db.example/brand' })).toEqual(
      apiNodeFlags('server'),
    );
    expect(apiNodeFlags('server')).not.toContainEqual(
      expect.stringMatching(/^--max-semi-space-size/),
    );
  });
});
