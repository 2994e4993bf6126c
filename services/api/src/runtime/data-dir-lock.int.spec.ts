import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describeWithPidNamespaces, pidNamespaceLauncher } from '../testing/pid-namespace';
import { spawnBrandApi, spawnTypeScript } from '../testing/spawn-runtime';
import type { RuntimeChild, SpawnOptions } from '../testing/spawn-runtime';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { exitCodes } from './exit-codes';
import {
  DataDirInsideClusterError,
  DataDirLockedError,
  lockDataDir,
  lockFileName,
} from './data-dir-lock';

jest.setTimeout(60_000);

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'brand-api-lock-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const lockPath = () => path.join(dataDir, lockFileName);
const holderScript = path.join(__dirname, '../testing/hold-data-dir.ts');

async function startHolder(options: SpawnOptions = {}): Promise<RuntimeChild> {
  const holder = spawnTypeScript(holderScript, [dataDir], {}, options);
  await holder.waitForOutput(/locked/);
  return holder;
}

describe('lockDataDir', () => {
  it('names its holder, refuses a second claim while held, and frees the directory on release', async () => {
    const lock = await lockDataDir(dataDir);
    expect(await readFile(lockPath(), 'utf8')).toBe(`${process.pid} ${hostname()}\n`);
    // The lock belongs to an open file, not to a pid: even this process cannot take it twice.
    await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    await lock.release();
    await lock.release();
    await expect(readFile(lockPath(), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    await (await lockDataDir(dataDir)).release();
  });

  it('refuses a directory held by another running process, naming it', async () => {
    const holder = await startHolder();
    try {
      const attempt = lockDataDir(dataDir);
      await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(attempt).rejects.toThrow(
        `in use by process ${holder.pid} on host ${hostname()}`,
      );
    } finally {
      holder.kill('SIGKILL');
      await holder.exited;
    }
    // Killed without releasing: the file is still there, but the kernel dropped the lock.
    expect(await readFile(lockPath(), 'utf8')).toBe(`${holder.pid} ${hostname()}\n`);
    const lock = await lockDataDir(dataDir);
    expect(await readFile(lockPath(), 'utf8')).toBe(`${process.pid} ${hostname()}\n`);
    await lock.release();
  });

  it('takes a file that names a holder but is not locked (a pid proves nothing)', async () => {
    await writeFile(lockPath(), `${process.pid} ${hostname()}\n`);
    const lock = await lockDataDir(dataDir);
    await lock.release();
    await writeFile(lockPath(), 'garbage');
    await (await lockDataDir(dataDir)).release();
  });

  it('refuses without a name when the holder wrote none', async () => {
    const lock = await lockDataDir(dataDir);
    await writeFile(lockPath(), '');
    await expect(lockDataDir(dataDir)).rejects.toThrow('is in use by another process.');
    await lock.release();
  });

  it('does not remove a lock file that replaced its own', async () => {
    const lock = await lockDataDir(dataDir);
    await writeFile(`${lockPath()}.new`, '4343 elsewhere\n');
    await rename(`${lockPath()}.new`, lockPath());
    await lock.release();
    expect(await readFile(lockPath(), 'utf8')).toBe('4343 elsewhere\n');
  });
});

describe('a data directory inside a database cluster', () => {
  /** A live server's data directory: its cluster folder pgdata holds PG_VERSION. */
  const liveCluster = async () => {
    const cluster = path.join(dataDir, 'pgdata');
    await mkdir(cluster);
    await writeFile(path.join(cluster, 'PG_VERSION'), '17\n');
    return cluster;
  };

  it.each([
    ['the cluster folder itself', ''],
    ['a folder inside it', 'base/nested'],
  ])('refuses %s before creating anything in it', async (_what, below) => {
    const cluster = await liveCluster();
    const nested = path.join(cluster, below);
    const refusal = lockDataDir(nested);
    await expect(refusal).rejects.toBeInstanceOf(DataDirInsideClusterError);
    await expect(refusal).rejects.toThrow(
      `is ${below === '' ? '' : 'inside '}the database cluster ${cluster} (it holds PG_VERSION)`,
    );
    await expect(refusal).rejects.toThrow(`set DATA_DIR=${dataDir}`);
    expect(existsSync(path.join(nested, lockFileName))).toBe(false);
    expect(existsSync(path.join(cluster, 'base'))).toBe(false);
  });

  it('takes the directory that holds the cluster, as configured', async () => {
    await liveCluster();
    await (await lockDataDir(dataDir)).release();
  });

  it('brand-api refuses to start on DATA_DIR=<data dir>/pgdata, exit code 78 (configuration)', async () => {
    const cluster = await liveCluster();
    const server = spawnBrandApi(['all'], { DATA_DIR: cluster, PORT: '0' });
    const { code } = await server.exited;
    expect(code).toBe(exitCodes.config);
    expect(server.output().stderr).toContain(
      `brand-api: The data directory ${cluster} is the database cluster ${cluster}`,
    );
    expect(existsSync(path.join(cluster, 'pgdata'))).toBe(false);
  });
});

describeWithPidNamespaces('lockDataDir across PID namespaces', () => {
  it.each([
    ['the holder in a new PID namespace', { launcher: pidNamespaceLauncher }],
    ['the holder here, this claim from a new PID namespace', {}],
  ])('refuses: %s', async (_title, holderOptions: SpawnOptions) => {
    const holder = await startHolder(holderOptions);
    try {
      if (holderOptions.launcher) {
        // It is PID 1 where it runs; from here that pid means nothing.
        expect(await readFile(lockPath(), 'utf8')).toBe(`1 ${hostname()}\n`);
        await expect(lockDataDir(dataDir)).rejects.toThrow('in use by process 1 on host');
      } else {
        const claimant = spawnTypeScript(
          holderScript,
          [dataDir],
          {},
          {
            launcher: pidNamespaceLauncher,
          },
        );
        expect((await claimant.exited).code).not.toBe(0);
        expect(claimant.output().stderr).toContain(`in use by process ${holder.pid} on host`);
        expect(claimant.output().stdout).not.toContain('locked');
      }
    } finally {
      holder.kill('SIGKILL');
      await holder.exited;
    }
  });
});
