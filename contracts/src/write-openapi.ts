/**
 * Writes the OpenAPI document to contracts/dist/openapi.json (`npm run openapi`).
 * The one file of this package allowed Node built-ins: it runs only as a script.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildOpenApi } from './openapi';

const target = process.argv[2] ?? join(__dirname, 'openapi.json');
mkdirSync(join(target, '..'), { recursive: true });
writeFileSync(target, `${JSON.stringify(buildOpenApi(), null, 2)}\n`);
console.log(`OpenAPI document written to ${target}`);
