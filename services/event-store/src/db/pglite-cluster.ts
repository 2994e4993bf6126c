import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Creates the embedded cluster in `dataDir` when there is none, in a short-lived child process.
 *
 * PGlite runs initdb as a second WebAssembly instance in the process that opens the directory,
 * and WebAssembly memory is never given back: a server whose first start ran initdb in process
 * stayed at 690 MB resident, against 226 MB when it opened a directory that already held a
 * cluster (measured with PGlite 0.5.16 on Node 20, `services/api/src/bench/api-server.ts`).
 * The child takes that memory with it when it exits.
 *
 * The cluster is built in a sibling directory and renamed into place, so a crash during initdb
 * leaves no half-made cluster behind: the next start builds it again.
 *
 * @returns whether a cluster was created.
 */
export async function ensureEmbeddedCluster(
  dataDir: string,
  postgresqlconf: readonly string[],
  onInitdb?: () => void,
): Promise<boolean> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return false;
  onInitdb?.();
  const building = `${dataDir}.initdb`;
  await rm(building, { recursive: true, force: true });
  await runInitdb(building, postgresqlconf);
  await rm(dataDir, { recursive: true, force: true });
  await rename(building, dataDir);
  return true;
}

// Plain CommonJS run by `node -e`, so it works from compiled code and from the test runner alike.
const initdbScript = `
const [pglitePath, dataDir, conf] = process.argv.slice(1);
const { PGlite } = require(pglitePath);
const db = new PGlite(dataDir, { postgresqlconf: JSON.parse(conf) });
db.waitReady.then(() => db.close()).then(
  () => process.exit(0),
  (error) => { console.error(error); process.exit(1); },
);`;

function runInitdb(dataDir: string, postgresqlconf: readonly string[]): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      // Baseline-compiled WebAssembly starts 3x sooner (docs/tuning.md).
      '--liftoff-only',
      '-e',
      initdbScript,
      require.resolve('@electric-sql/pglite'),
      dataDir,
      JSON.stringify(postgresqlconf),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-4_000);
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else {
        const how = signal ?? `exit code ${String(code)}`;
        reject(new Error(`initdb of the embedded database failed (${how}): ${stderr.trim()}`));
      }
    });
  });
}
