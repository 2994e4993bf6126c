/**
 * Writes the OpenAPI documents to contracts/dist (`npm run openapi`): `openapi.json` (the Brand
 * API, which the docs site renders), `operator-openapi.json` and `community-openapi.json`. The
 * server serves the same three documents at `/api/v1/openapi.json`, `/admin/v1/openapi.json`
 * and `/community/v1/openapi.json`. The one file of this package allowed Node built-ins: it runs
 * only as a script.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildCommunityOpenApi } from './community/openapi';
import { buildOpenApi } from './openapi';
import { buildOperatorOpenApi } from './operator/openapi';

const target = process.argv[2] ?? join(__dirname, 'openapi.json');
const directory = join(target, '..');
mkdirSync(directory, { recursive: true });
const documents: [file: string, build: () => unknown][] = [
  [target, buildOpenApi],
  [join(directory, 'operator-openapi.json'), buildOperatorOpenApi],
  [join(directory, 'community-openapi.json'), buildCommunityOpenApi],
];
for (const [file, build] of documents) {
  writeFileSync(file, `${JSON.stringify(build(), null, 2)}\n`);
  console.log(`OpenAPI document written to ${file}`);
}
