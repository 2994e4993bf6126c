import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Resident set size now, in MB (from /proc). */
  rssMb(): number;
  stop(): Promise<void>;
}

/** As in `npm start` (package.json); docs/tuning.md says why. */
const glibcTunables =
  'glibc.malloc.arena_max=1:glibc.malloc.trim_threshold=65536:glibc.malloc.mmap_threshold=65536';

/**
 * The V8 flags `npm start` runs the API with (package.json; docs/tuning.md says why): on the
 * embedded database, young-generation semi-spaces capped at 4 MB to keep the process under
 * 200 MB; on a Postgres server, V8's own 16 MB (a create's objects then die young instead of
 * being promoted while its write is in flight).
 */
export function apiNodeFlags(database: 'embedded' | 'server'): string[] {
  return [
    '--liftoff-only',
    ...(database === 'embedded' ? ['--max-semi-space-size=4'] : []),
    '--max-old-space-size=160',
    '--no-allocation-site-pretenuring',
  ];
}

/**
 * Starts a compiled sibling script that reports `{ port }` once it listens, with the flags
 * `npm start` runs the API with for its database (`BENCH_DATA_DIR`: the embedded one), the
 * yardsticks too. With BENCH_CPU_PROF_DIR set, each server writes a V8 CPU profile there when
 * it stops; BENCH_SERVER_FLAGS adds Node flags to every server (`--trace-gc`, say).
 */
export function startServer(
  script: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> {
  const child = fork(path.join(__dirname, script), [], {
    // The allocator settings `npm start` runs the API with (docs/tuning.md).
    env: { ...process.env, GLIBC_TUNABLES: glibcTunables, ...env },
    execArgv: [
      ...apiNodeFlags(env.BENCH_DATA_DIR === undefined ? 'server' : 'embedded'),
      ...(process.env.BENCH_CPU_PROF_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`]
        : []),
      ...(process.env.BENCH_SERVER_FLAGS?.split(/\s+/).filter(Boolean) ?? []),
    ],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${String(code)}`)));
    child.once('message', (message: { port: number }) => {
      resolve({
        child,
        url: `http://127.0.0.1:${message.port}`,
        rssMb: () => rssMb(child.pid),
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.disconnect();
          }),
      });
    });
  });
}

/**
 * Resolves once `server` has answered every request it has received, those a load generator
 * dropped at the end of a run included, with how many it has answered with a 2xx since it
 * started (a server sent `{ type: 'idle' }` answers `{ type: 'idle', succeeded }`).
 */
export function untilIdle(server: ServerProcess): Promise<number> {
  return new Promise((resolve) => {
    const answered = (message: { type?: string; succeeded?: number }) => {
      if (message.type !== 'idle') return;
      server.child.off('message', answered);
      resolve(message.succeeded ?? Number.NaN);
    };
    server.child.on('message', answered);
    server.child.send({ type: 'idle' });
  });
}

function rssMb(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return kb === undefined ? Number.NaN : Number(kb) / 1024;
}

/** Samples a process's RSS every `everyMs` and keeps the peak, while `work` runs. */
export async function withPeakRss<T>(
  server: ServerProcess,
  work: () => Promise<T>,
  everyMs = 100,
): Promise<{ value: T; peakMb: number }> {
  let peakMb = server.rssMb();
  const timer = setInterval(() => {
    peakMb = Math.max(peakMb, server.rssMb());
  }, everyMs);
  try {
    const value = await work();
    return { value, peakMb: Math.max(peakMb, server.rssMb()) };
  } finally {
    clearInterval(timer);
  }
}
