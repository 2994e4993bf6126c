/**
 * The workloads `bench:api` runs on the API and on its raw twin (issue 15): single creates
 * and bulk-100 calls at 1 and 50 connections on the API server that leads the projections,
 * then page 1, a get by id and a page at depth 5,000 on an API server without the read cache.
 */
import { benchConnections, jsonPosts, product } from './catalogue-load';
import type { ServerProcess } from './processes';
import { measureTwins } from './twin-runs';
import type { TwinFigure } from './twin-runs';

export interface TwinSubjects {
  /** The API server that writes (and leads the projections). */
  writes: ServerProcess;
  /** An API server with the read cache off. */
  uncachedReads: ServerProcess;
  raw: ServerProcess;
  headers: Record<string, string>;
  /** A cursor at depth 5,000 and a product id, from the API. */
  deepCursor: string;
  productId: string;
  runId: string;
}

const productsPath = '/api/v1/brand-products';

export async function twinWorkloads(subjects: TwinSubjects): Promise<TwinFigure[]> {
  const { writes, uncachedReads, raw, headers, runId } = subjects;
  let counter = 0;
  const storeId = (server: ServerProcess) =>
    `twin-${server === raw ? 'raw' : 'api'}-${runId}-${counter++}`;
  const post = (server: ServerProcess, path: string, body: (server: ServerProcess) => unknown) =>
    jsonPosts(`${server.url}${path}`, headers, () => body(server));
  const single = (server: ServerProcess) => product(storeId(server));
  const bulk = (server: ServerProcess) => ({
    upsertRecords: Array.from({ length: 100 }, () => product(storeId(server))),
  });

  const figures: TwinFigure[] = [];
  const writeTwins = { ours: writes, raw };
  for (const connections of [1, benchConnections]) {
    figures.push(
      await measureTwins('POST single', writeTwins, (server) => ({
        ...post(server, productsPath, single),
        connections,
      })),
    );
  }
  for (const connections of [1, benchConnections]) {
    figures.push(
      await measureTwins(
        'POST bulk of 100',
        writeTwins,
        (server) => ({ ...post(server, `${productsPath}/bulk`, bulk), connections }),
        100,
      ),
    );
  }
  const reads: [string, string][] = [
    ['GET list, page 1, uncached', productsPath],
    ['GET by id, uncached', `${productsPath}/${subjects.productId}`],
    ['GET list, depth 5,000, uncached', `${productsPath}?cursor=${subjects.deepCursor}`],
  ];
  for (const [name, path] of reads) {
    figures.push(
      await measureTwins(name, { ours: uncachedReads, raw }, (server) => ({
        url: `${server.url}${path}`,
        headers,
      })),
    );
  }
  return figures;
}
