import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

export const lockFileName = 'brand-api.lock';

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly ownerPid: number,
  ) {
    super(
      `The data directory ${dataDir} is in use by process ${ownerPid}. ` +
        'The embedded database allows one process per directory: stop that process, ' +
        'choose another DATA_DIR, or set DATABASE_URL to share a Postgres server.',
    );
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

/**
 * Claims the embedded database directory for this process with a lock file holding its pid.
 * PGlite is a single-connection database on disk: two processes on one directory would corrupt
 * it. A lock left by a process that no longer runs (crash, kill -9) is taken over.
 */
export async function lockDataDir(
  dataDir: string,
  pid: number = process.pid,
): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, lockFileName);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const handle = await open(lockPath, 'wx');
      await handle.writeFile(`${pid}\n`);
      await handle.close();
      return {
        path: lockPath,
        release: () => releaseIfOurs(lockPath, pid),
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner = await readOwner(lockPath);
    if (owner === undefined) {
      // Another process may be between creating the file and writing its pid.
      await delay(100);
      owner = await readOwner(lockPath);
    }
    if (owner !== undefined && owner !== pid && isRunning(owner)) {
      throw new DataDirLockedError(dataDir, owner);
    }
    // Stale (dead owner, or no pid at all): move it aside atomically, so of two processes
    // taking it over only one removes it; both then race on the exclusive create above.
    const aside = `${lockPath}.stale-${owner ?? 'unknown'}-${pid}`;
    await rename(lockPath, aside).catch(() => undefined);
    await unlink(aside).catch(() => undefined);
  }
  throw new Error(`Could not create the lock file ${lockPath}`);
}

async function readOwner(lockPath: string): Promise<number | undefined> {
  try {
    const text = (await readFile(lockPath, 'utf8')).trim();
    const pid = Number(text);
    return /^\d+$/.test(text) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else; only ESRCH means gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function releaseIfOurs(lockPath: string, pid: number): Promise<void> {
  if ((await readOwner(lockPath)) === pid) await unlink(lockPath).catch(() => undefined);
}
