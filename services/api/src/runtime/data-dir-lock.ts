import { mkdir, open, readFile, stat, unlink } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { tryLock } from 'fs-native-extensions';

export const lockFileName = 'brand-api.lock';

/** Who holds the directory, as the holder wrote it: its pid is the one in its own PID namespace. */
export interface DataDirOwner {
  pid: number;
  host: string;
}

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly owner: DataDirOwner | undefined,
  ) {
    super(
      `The data directory ${dataDir} is in use by ` +
        (owner ? `process ${owner.pid} on host ${owner.host}. ` : 'another process. ') +
        'The embedded database allows one process per directory: stop that process, ' +
        'choose another DATA_DIR, or set DATABASE_URL to share a Postgres server.',
    );
  }
}

/** DATA_DIR is a Postgres cluster, or inside one: the embedded database would nest a cluster in it. */
export class DataDirInsideClusterError extends Error {
  override readonly name = 'DataDirInsideClusterError';
  constructor(
    readonly dataDir: string,
    readonly cluster: string,
  ) {
    super(
      `The data directory ${dataDir} ` +
        (dataDir === cluster ? 'is' : 'is inside') +
        ` the database cluster ${cluster} (it holds PG_VERSION), perhaps another server's. ` +
        `DATA_DIR names the directory that holds the cluster folder pgdata: set DATA_DIR=${path.dirname(cluster)} ` +
        'to use that data (one process per directory), or choose a directory outside it.',
    );
  }
}

/**
 * Refuses a data directory that is a Postgres cluster or lies inside one (DATA_DIR set to
 * another server's `<data dir>/pgdata`): the embedded database would create a cluster nested
 * in the live one, beside files the other server owns, and its lock file would not be the one
 * that server holds.
 */
export async function refuseInsideCluster(dataDir: string): Promise<void> {
  for (let dir = path.resolve(dataDir); ; dir = path.dirname(dir)) {
    if (
      await stat(path.join(dir, 'PG_VERSION')).then(
        (found) => found.isFile(),
        () => false,
      )
    ) {
      throw new DataDirInsideClusterError(path.resolve(dataDir), dir);
    }
    if (path.dirname(dir) === dir) return;
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): Promise<void>;
}

/**
 * Claims the embedded database directory for this process with an OS lock on a file in it.
 * PGlite is a single-connection database on disk: two processes on one directory would corrupt
 * it and lose acknowledged writes.
 *
 * The kernel keeps the lock, not a pid: a pid proves nothing across PID namespaces (two
 * containers sharing a volume are both PID 1), whereas an open-file-description lock is seen
 * by every process that opens the same file, whatever its namespace, and the kernel drops it
 * when its holder dies, kill -9 included — no stale lock to detect or take over. The pid and
 * host written into the file only tell an operator who holds it.
 */
export async function lockDataDir(dataDir: string): Promise<DataDirLock> {
  await refuseInsideCluster(dataDir);
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, lockFileName);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const handle = await open(lockPath, 'a+');
    let held = false;
    try {
      if (!tryLock(handle.fd)) throw new DataDirLockedError(dataDir, await readOwner(lockPath));
      // A holder removes the file before it lets go, so the lock may be on a file that is no
      // longer the one at this path (or on none); only the current file counts.
      if (!(await isCurrent(handle, lockPath))) continue;
      await handle.truncate(0);
      await handle.write(`${process.pid} ${hostname()}\n`);
      await handle.sync();
      held = true;
      let released: Promise<void> | undefined;
      return { path: lockPath, release: () => (released ??= release(handle, lockPath)) };
    } finally {
      if (!held) await handle.close();
    }
  }
  throw new Error(`Could not lock ${lockPath}: it was replaced at every attempt`);
}

async function isCurrent(handle: FileHandle, lockPath: string): Promise<boolean> {
  const [held, current] = await Promise.all([handle.stat(), stat(lockPath).catch(() => undefined)]);
  return current !== undefined && current.ino === held.ino && current.dev === held.dev;
}

async function readOwner(lockPath: string): Promise<DataDirOwner | undefined> {
  // The holder may be between taking the lock and writing its name.
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const text = await readFile(lockPath, 'utf8').catch(() => '');
    const match = /^(\d+) (\S+)\n$/.exec(text);
    if (match) return { pid: Number(match[1]), host: match[2]! };
    await delay(100);
  }
  return undefined;
}

async function release(handle: FileHandle, lockPath: string): Promise<void> {
  // Remove the file while still holding it (so nobody can have locked the path's new file
  // meanwhile), then close, which drops the lock.
  if (await isCurrent(handle, lockPath).catch(() => false)) {
    await unlink(lockPath).catch(() => undefined);
  }
  await handle.close();
}
