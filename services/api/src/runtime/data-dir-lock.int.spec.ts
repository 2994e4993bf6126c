import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnTypeScript } from '../testing/spawn-runtime';
import type { RuntimeChild } from '../testing/spawn-runtime';
import { DataDirLockedError, lockDataDir, lockFileName } from './data-dir-lock';

jest.setTimeout(60_000);

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'brand-api-lock-'));
});
afterEach(() => rm(dataDir, { recursive: true, force: true }));

const lockPath = () => path.join(dataDir, lockFileName);

describe('lockDataDir', () => {
  it('writes its pid, refuses a second claim while held, and frees the directory on release', async () => {
    const lock = await lockDataDir(dataDir);
    expect(await readFile(lockPath(), 'utf8')).toBe(`${process.pid}\n`);
    // Another claimant (any other pid) finds this live process holding it.
    await expect(lockDataDir(dataDir, process.pid + 1)).rejects.toBeInstanceOf(DataDirLockedError);
    await lock.release();
    await expect(readFile(lockPath(), 'utf8')).rejects.toMatchObject({ code: 'ENOENT' });
    await (await lockDataDir(dataDir, process.pid + 1)).release();
  });

  it('refuses a directory held by another running process, naming it', async () => {
    const holder: RuntimeChild = spawnTypeScript(
      path.join(__dirname, '../testing/hold-data-dir.ts'),
      [dataDir],
      {},
    );
    try {
      await holder.waitForOutput(/locked/);
      const attempt = lockDataDir(dataDir);
      await expect(attempt).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(attempt).rejects.toThrow(`in use by process ${holder.pid}`);
    } finally {
      holder.kill('SIGKILL');
      await holder.exited;
    }
    // Killed without releasing: the lock is stale now and is taken over.
    expect(await readFile(lockPath(), 'utf8')).toBe(`${holder.pid}\n`);
    const lock = await lockDataDir(dataDir);
    expect(await readFile(lockPath(), 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
  });

  it('takes over a lock file without a readable pid', async () => {
    await writeFile(lockPath(), 'garbage');
    const lock = await lockDataDir(dataDir);
    expect(await readFile(lockPath(), 'utf8')).toBe(`${process.pid}\n`);
    await lock.release();
  });

  it('does not remove a lock that another process took over', async () => {
    const lock = await lockDataDir(dataDir, 4242);
    await writeFile(lockPath(), '4343\n');
    await lock.release();
    expect(await readFile(lockPath(), 'utf8')).toBe('4343\n');
  });
});
