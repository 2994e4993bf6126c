/**
 * Adds to each operation and webhook of the bundled OpenAPI document a link to the guide
 * section that explains it (src/config/guide-links.ts). Run by `openapi:bundle`, on the file
 * given as argument, after `redocly bundle` and before `redocly lint`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { linkOperationsToGuides, type OpenApiDocument } from './link-guides-document';

const file = process.argv[2];
if (file === undefined) throw new Error('Usage: tsx scripts/link-guides.ts <openapi.json>');
const document = JSON.parse(readFileSync(file, 'utf8')) as OpenApiDocument;
const linked = linkOperationsToGuides(document);
writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
console.log(`Guide links added to ${linked} operations of ${file}`);
