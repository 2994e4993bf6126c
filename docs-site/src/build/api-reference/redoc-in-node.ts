/**
 * Redoc for rendering at build time, in Node, with the same fixes the browser build gets from
 * plugins/redoc-self-hosted-loader.js (our own logo copy, CSS variables for the colours Redoc
 * hard-codes): its Node bundle is patched the same way, written under .cache and required from
 * there, so it shares React and styled-components with the renderer.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as RedocModule from 'redoc';

/**
 * Node's own require, from the site's directory: gatsby-node is bundled (by Parcel), and a
 * bundle's require cannot load a file written at build time.
 */
const siteRequire = createRequire(path.join(process.cwd(), 'package.json'));

let loaded: typeof RedocModule | undefined;

export function loadRedocForNode(cacheDir: string): typeof RedocModule {
  if (loaded !== undefined) return loaded;
  // The webpack loader is CommonJS; its patch function is plain JavaScript.
  const patchRedocBundle = siteRequire('./plugins/redoc-self-hosted-loader.js') as (
    source: string,
  ) => string;
  const original = siteRequire.resolve('redoc/bundles/redoc.lib.js');
  const patched = path.join(cacheDir, 'redoc.lib.patched.js');
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(patched, patchRedocBundle(readFileSync(original, 'utf8')));
  loaded = siteRequire(patched) as typeof RedocModule;
  return loaded;
}
