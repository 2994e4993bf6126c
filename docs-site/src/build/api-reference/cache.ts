/**
 * Where the build keeps the rendered reference between gatsby-node (which renders it) and
 * gatsby-ssr (which puts it into /api/'s HTML). Gatsby runs both from the site's directory.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RenderedReference } from './render';

export const API_REFERENCE_CACHE = path.join(process.cwd(), '.cache', 'api-reference');
const RENDERED = path.join(API_REFERENCE_CACHE, 'rendered.json');

export function saveRenderedReference(rendered: RenderedReference): void {
  mkdirSync(API_REFERENCE_CACHE, { recursive: true });
  writeFileSync(RENDERED, JSON.stringify(rendered));
}

export function readRenderedReference(): RenderedReference {
  try {
    return JSON.parse(readFileSync(RENDERED, 'utf8')) as RenderedReference;
  } catch (error) {
    throw new Error(`The API reference was not rendered (${RENDERED}): gatsby-node renders it`, {
      cause: error,
    });
  }
}
