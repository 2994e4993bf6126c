/**
 * The operations guide's (docs/operations.md) `events export … > events.ndjson`, run as written (through npx and a shell) against
 * a live server: the file it writes must be NDJSON and nothing else, no npm banner among the
 * events.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { testAdminToken } from '@brand-api/api/testing';
import { json, useBrandctl } from './testing/brandctl-harness';

jest.setTimeout(120_000);

const root = path.resolve(__dirname, '../../..');
const built = existsSync(path.join(root, 'services/cli/dist/main.js'));

/** The docs/operations.md line that exports the log, without its comment. */
function documentedExport(): string {
  const guide = readFileSync(path.join(root, 'docs/operations.md'), 'utf8');
  const line = guide.split('\n').find((text) => /brandctl events export .*>/.test(text));
  if (line === undefined) {
    throw new Error('docs/operations.md documents no `brandctl events export >`');
  }
  return line.replace(/\s+#.*$/, '').trim();
}

function parses(line: string): boolean {
  try {
    JSON.parse(line);
    return true;
  } catch {
    return false;
  }
}

const { brandctl, url } = useBrandctl();

(built ? describe : describe.skip)(
  `the operations guide's events export${built ? '' : ' — skipped: brandctl is not built (npm run build)'}`,
  () => {
    it('writes one JSON event per line and nothing else', async () => {
      await brandctl(['brands', 'create', 'Exported']);
      await brandctl(['brands', 'create', 'Exported too']);
      const command = documentedExport();
      expect(command).toMatch(/^npx brandctl events export .*> events\.ndjson$/);
      // The guide's redirection goes to stdout here: the same bytes the file would get.
      const { stdout } = await promisify(execFile)(
        'bash',
        ['-c', command.replace(/\s*>\s*events\.ndjson$/, '')],
        {
          cwd: root,
          env: { ...process.env, BRANDCTL_URL: url(), BRANDCTL_TOKEN: testAdminToken },
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const lines = stdout.split('\n');
      expect(lines.pop()).toBe('');
      expect(lines.filter((line) => !parses(line))).toEqual([]);
      const events = lines.map((line) => json<{ type: string }>(line));
      expect(events.filter((event) => event.type === 'BrandCreated')).toHaveLength(2);
    });
  },
);
