import { mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { describeWithPidNamespaces, pidNamespaceLauncher } from '../testing/pid-namespace';
import { spawnTypeScript } from '../testing/spawn-runtime';
import type { RuntimeChild, SpawnOptions } from '../testing/spawn-runtime';
import { DataDirLockedError, lockDataDir, lockFileName } from './data-dir-lock';

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
