import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureEmbeddedCluster } from './pglite-cluster';
import { createPgliteDatabase, embeddedPostgresSettings } from './pglite-database';

describe('the embedded cluster is created out of process', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'pglite-cluster-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('creates a cluster once, and the database keeps its data across opens', async () => {
    const dataDir = path.join(root, 'pgdata');
    const told: string[] = [];
    const first = await createPgliteDatabase(dataDir, { onInitdb: () => told.push('initdb') });
    await first.query('CREATE TABLE kept (value text)');
    await first.query("INSERT INTO kept VALUES ('still here')");
    await first.close();
    expect(told).toEqual(['initdb']);

    const second = await createPgliteDatabase(dataDir, { onInitdb: () => told.push('again') });
    const { rows } = await second.query<{ value: string }>('SELECT value FROM kept');
    await second.close();
    expect(rows).toEqual([{ value: 'still here' }]);
    expect(told).toEqual(['initdb']);
  }, 180_000);

  it('replaces what a crashed initdb left behind', async () => {
    const dataDir = path.join(root, 'pgdata');
    mkdirSync(`${dataDir}.initdb`, { recursive: true });
    writeFileSync(path.join(`${dataDir}.initdb`, 'PG_VERSION'), 'half made');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'postmaster.opts'), 'no PG_VERSION: never finished');

    await expect(ensureEmbeddedCluster(dataDir, embeddedPostgresSettings)).resolves.toBe(true);
    expect(existsSync(`${dataDir}.initdb`)).toBe(false);
    expect(existsSync(path.join(dataDir, 'postmaster.opts'))).toBe(false);
    await expect(ensureEmbeddedCluster(dataDir, embeddedPostgresSettings)).resolves.toBe(false);
  }, 180_000);

  it('reports a failed initdb with its cause and leaves no cluster', async () => {
    const dataDir = path.join(root, 'pgdata');
    await expect(ensureEmbeddedCluster(dataDir, ['shared_buffers = lots'])).rejects.toThrow(
      /initdb of the embedded database failed \(exit code 1\)/,
    );
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
  }, 180_000);
});
