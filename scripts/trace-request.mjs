#!/usr/bin/env node
// Which of the repository's files one request runs code in, measured rather than read:
// `npm run trace:request` (after `npm run build`) starts the API in this process (the `serve`
// role, as `npm start` runs it, on a fresh database of DATABASE_URL's server or on an embedded
// PGlite in a temporary folder), makes each traced request once to warm it, then makes it
// again between two takes of V8's precise coverage (which reset its counters) and lists the
// source files (src/ beside the built dist/) in which any function ran. Node's own modules,
// node_modules and this script are left out, and so are functions that also ran in a quiet
// second before any request (the process's own timers); the count is the one
// docs/architecture.md gives.
//
// `--markdown` prints the lists as docs/architecture.md gives them; `--write=docs/architecture.md`
// puts them there, between its trace:request markers.
//
// Traced: `POST /api/v1/brand-products` (a product create) and the redemption of a magic link
// (`GET` of the link the Brand API issued, for a brand with custom auth).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = (file) => pathToFileURL(path.join(root, 'services/api/dist', file)).href;
const { loadConfig } = await import(dist('runtime/config.js'));
const { startRuntime } = await import(dist('runtime/start.js'));

const adminToken = `trace-${randomUUID()}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'brand-api-trace-'));
let databaseUrl;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const pg = (await import('pg')).default;
  const name = `trace_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.href;
  dropDatabase = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}

const config = loadConfig({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ADMIN_TOKEN: adminToken,
  LOG_LEVEL: 'silent',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
let banner = '';
// TRACE_ROLE=all runs the projectors in the process too (where a write waited for them, before
// inline projections, they were part of its path).
const role = process.env.TRACE_ROLE ?? 'serve';
const runtime = await startRuntime(role, config, { print: (text) => (banner += text) });
const base = runtime.url;

async function call(method, url, { token, body, redirect } = {}) {
  const response = await fetch(url.startsWith('http') ? url : `${base}${url}`, {
    method,
    redirect: redirect ?? 'follow',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (response.status >= 300 && redirect === 'manual') return undefined;
  if (response.status >= 400) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

const key = /Demo API key: (\S+)/.exec(banner)?.[1];
if (!key) throw new Error(`no demo key in the first start's banner:\n${banner}`);

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

/** The functions of the repository's source files that ran during `action()`, by file. */
async function functionsRunDuring(action) {
  await session.post('Profiler.takePreciseCoverage'); // resets the counters
  await action();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const byFile = new Map();
  for (const script of result) {
    if (!script.url.startsWith('file://')) continue;
    const file = path.relative(root, fileURLToPath(script.url));
    if (file.startsWith('..') || file.includes('node_modules') || file.startsWith('scripts/')) {
      continue;
    }
    const ran = script.functions
      .filter((fn) => fn.ranges[0].count > 0)
      .map((fn) => `${fn.functionName}@${fn.ranges[0].startOffset}`);
    if (ran.length > 0) byFile.set(file.replace('/dist/', '/src/').replace(/\.js$/, '.ts'), ran);
  }
  return byFile;
}

/**
 * What the process runs on its own, measured in a quiet second before any traced request
 * (timers such as the sole writer's lease looking at pg_locks every 100 ms): a function that ran
 * there is not counted for a request.
 */
const quiet = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
await quiet(500); // the start's own work (the lease's first take) ends first
const background = await functionsRunDuring(() => quiet(1000));

/** The repository's source files in which a function ran during `request()`, not counting `background`. */
async function filesRunBy(request) {
  // What earlier requests left to the projectors (TRACE_ROLE=all) ends before the measure.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const files = [];
  for (const [file, ran] of await functionsRunDuring(request)) {
    const own = new Set(background.get(file) ?? []);
    if (ran.some((fn) => !own.has(fn))) files.push(file);
  }
  return files.sort();
}

const product = () => ({
  storeId: `trace-${randomUUID()}`,
  title: 'Shirt',
  description: 'Cotton shirt',
  imageUrl: 'https://cdn.example.com/shirt.jpg',
  imageWidth: 1200,
  imageHeight: 800,
  onlineStoreUrl: 'https://shop.example.com/products/shirt',
});
const create = () => call('POST', '/api/v1/brand-products', { token: key, body: product() });
const issueLink = async () =>
  (
    await call('POST', '/api/v1/magic-link', {
      token: key,
      body: {
        customAuthSub: `user-${randomUUID()}`,
        email: 'ada@example.com',
        firstName: 'Ada',
        returnTo: '/',
      },
    })
  ).magicLink;
// The link names PUBLIC_URL's host; the server listens on a port of its own here.
const redeem = (link) => () => {
  const { pathname, search } = new URL(link);
  return call('GET', `${pathname}${search}`, { redirect: 'manual' });
};

try {
  await create();
  await redeem(await issueLink())();
  const traced = {
    'POST /api/v1/brand-products': await filesRunBy(create),
    'a magic-link redemption (GET of the issued link)': await filesRunBy(redeem(await issueLink())),
  };
  // --write=FILE: the markdown replaces what stands between FILE's trace:request markers.
  const target = process.argv.find((arg) => arg.startsWith('--write='))?.slice('--write='.length);
  const markdown = target !== undefined || process.argv.includes('--markdown');
  const lines = [];
  const print = (line) => (target === undefined ? console.log(line) : lines.push(line));
  for (const [request, files] of Object.entries(traced)) {
    const barrels = files.filter((file) => file.endsWith('/index.ts')).length;
    const title = `${request}: ${files.length} files (${barrels} of them index.ts barrels)`;
    if (!markdown) {
      console.log(title);
      for (const file of files) console.log(`  ${file}`);
      continue;
    }
    // One line a folder, its files after it: what a reader opens, package by package.
    print(`\n### ${title}\n`);
    const byFolder = new Map();
    for (const file of files) {
      const folder = path.dirname(file);
      byFolder.set(folder, [...(byFolder.get(folder) ?? []), path.basename(file)]);
    }
    for (const [folder, names] of byFolder) {
      print(`- \`${folder}/\`: ${names.map((name) => `\`${name}\``).join(', ')}`);
    }
  }
  if (target !== undefined) {
    const file = path.resolve(root, target);
    const [head, rest] = readFileSync(file, 'utf8').split('<!-- trace:request start -->');
    const tail = rest?.split('<!-- trace:request end -->')[1];
    if (tail === undefined) throw new Error(`${target} has no trace:request markers`);
    const body = `<!-- trace:request start -->\n${lines.join('\n')}\n\n<!-- trace:request end -->`;
    writeFileSync(file, `${head}${body}${tail}`);
  }
} finally {
  session.disconnect();
  await runtime.stop();
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}
