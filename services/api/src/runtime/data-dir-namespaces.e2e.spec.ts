import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeWithPidNamespaces, pidNamespaceLauncher } from '../testing/pid-namespace';
import { spawnBrandApi } from '../testing/spawn-runtime';
import type { RuntimeChild } from '../testing/spawn-runtime';
import { exitCodes } from './exit-codes';

jest.setTimeout(120_000);

const listening = /"msg":"listening"/;

/**
 * Two containers sharing a volume: each server is in its own PID namespace, where neither can
 * see the other's pid and both may be PID 1. The data directory must still have one owner.
 */
describeWithPidNamespaces('one data directory, servers in different PID namespaces', () => {
  let dataDir: string;
  const children: RuntimeChild[] = [];
  const start = (inNewNamespace: boolean) => {
    const child = spawnBrandApi(
      ['all'],
      { PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      inNewNamespace ? { launcher: pidNamespaceLauncher } : {},
    );
    children.push(child);
    return child;
  };

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'brand-api-pidns-'));
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await child.exited;
    }
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The second server must exit with the clear error, never listen. */
  async function expectRefused(second: RuntimeChild) {
    const outcome = await Promise.race([
      second.exited.then(({ code }) => ({ exited: code })),
      second.waitForOutput(listening).then(
        () => ({ exited: 'listening on the same data directory' }),
        () => new Promise<never>(() => undefined), // it exited: the other branch answers
      ),
    ]);
    expect(outcome).toEqual({ exited: exitCodes.dataDirLocked });
    expect(second.output().stderr).toMatch(
      /The data directory .* is in use by process \d+ on host .*The embedded database allows one process per directory/s,
    );
  }

  it.each([
    ['the first in this namespace, the second in a new one', false],
    ['both as PID 1 of their own namespaces', true],
  ])('refuses the second server: %s', async (_title, firstInNewNamespace) => {
    const first = start(firstInNewNamespace);
    await first.waitForOutput(listening);
    await expectRefused(start(true));
    // The owner is untouched and still serving.
    expect(first.exitCode).toBeNull();
  });
});
