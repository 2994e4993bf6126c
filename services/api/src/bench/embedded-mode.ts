/**
 * The embedded mode of `bench:api`: the same server on in-process PGlite (what `npm start`
 * runs without DATABASE_URL), loaded through the bulk path and driven by the same workloads
 * as the Postgres server of this run. It reports the embedded server's peak RSS over the whole
 * phase and each workload's throughput as a ratio to Postgres mode.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bulkLoad, catalogueKey, json, jsonPosts, measure, product } from './catalogue-load';
import type { Figure } from './catalogue-load';
import { startBenchApi } from './bench-database';
import { withPeakRss } from './processes';

const embeddedProducts = Number(process.env.BENCH_EMBEDDED_PRODUCTS ?? 10_000);

export interface EmbeddedFigures {
  products: number;
  loadSeconds: number;
  figures: Figure[];
  /** Highest RSS of the embedded server from its start to the end of the last workload. */
  peakRssMb: number;
}

export async function embeddedMode(runId: string): Promise<EmbeddedFigures> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-embedded-'));
  const api = await startBenchApi({ BENCH_DATA_DIR: dataDir });
  try {
    const { value, peakMb } = await withPeakRss(api, async () => {
      const { key, headers } = await catalogueKey(api);
      const load = await bulkLoad(api, key, embeddedProducts);
      const page = await json<{ data: { id: string }[] }>(`${api.url}/api/v1/brand-products`, {
        token: key,
      });
      let counter = 0;
      const figures = [
        await measure('GET list, page 1', api, {
          url: `${api.url}/api/v1/brand-products`,
          headers,
        }),
        await measure('GET by id', api, {
          url: `${api.url}/api/v1/brand-products/${page.data[3]?.id ?? ''}`,
          headers,
        }),
        await measure(
          'POST single',
          api,
          jsonPosts(`${api.url}/api/v1/brand-products`, headers, () =>
            product(`embedded-${runId}-${counter++}`),
          ),
        ),
      ];
      return { loadSeconds: load.seconds, figures };
    });
    return { products: embeddedProducts, ...value, peakRssMb: peakMb };
  } finally {
    await api.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Prints the embedded figures beside the Postgres figures of the same workloads. */
export function printEmbedded(embedded: EmbeddedFigures, postgres: readonly Figure[]): void {
  console.log(
    `\nembedded mode (PGlite in process, ${embedded.products} products loaded in ` +
      `${embedded.loadSeconds.toFixed(1)} s), ratios are to Postgres mode of this run\n`,
  );
  console.log(
    'workload                           conns      req/s  x postgres   p50 ms   p99 ms  errors',
  );
  for (const f of embedded.figures) {
    const twin = postgres.find((p) => p.name === f.name && p.connections === f.connections);
    const ratio = twin ? (f.rps / twin.rps).toFixed(2) : 'n/a';
    console.log(
      `${f.name.padEnd(34)} ${String(f.connections).padStart(5)} ${f.rps.toFixed(0).padStart(10)} ` +
        `${ratio.padStart(11)} ${f.p50.toFixed(1).padStart(8)} ${f.p99.toFixed(1).padStart(8)} ` +
        `${String(f.errors).padStart(7)}`,
    );
  }
  console.log(`embedded server peak RSS: ${embedded.peakRssMb.toFixed(0)} MB`);
}
