import { randomBytes } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { dumpPgliteCluster } from '../db';
import { embeddedPostgresSettings } from '../db/pglite-database';

/**
 * An initialised empty PGlite cluster, kept as a tarball in the temporary directory and shared
 * by every test process. A new PGlite runs initdb: seconds of CPU on a 2-core machine, and the
 * suite opens a database per test file; starting from the tarball skips that.
 *
 * The file name carries the PGlite version and the settings, so an upgrade makes a new one.
 * Each process that finds none writes its own under a unique name and renames it into place
 * (atomic), so racing test workers never read half a file.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const file = path.join(tmpdir(), `brand-api-pglite-${await templateKey()}.tar`);
  const kept = await readFile(file).catch(() => undefined);
  if (kept) return new Blob([kept]);
  const bytes = Buffer.from(await (await dumpPgliteCluster()).arrayBuffer());
  const partial = `${file}.${randomBytes(6).toString('hex')}`;
  await writeFile(partial, bytes);
  await rename(partial, file);
  return new Blob([bytes]);
}

async function templateKey(): Promise<string> {
  // The package exports no package.json; its entry point sits in dist/ below it.
  const manifest = path.join(
    path.dirname(require.resolve('@electric-sql/pglite')),
    '..',
    'package.json',
  );
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  const settings = embeddedPostgresSettings.join(';').replace(/[^a-zA-Z0-9]+/g, '-');
  return `${version}-${settings}`;
}
