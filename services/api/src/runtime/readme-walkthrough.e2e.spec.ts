/**
 * The README's walkthrough, run as a newcomer runs it: every ```bash block of README.md, in
 * order, in one bash session, against a fresh server (the real runtime, a new embedded database
 * or a new database on TEST_DATABASE_URL's server). The test plays the newcomer's part in the
 * blocks marked `<!-- readme-test: skip (why) -->`: it starts the server and exports SERVER,
 * KEY and TOKEN from what the first start printed. Any command that exits non-zero fails it.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTestDatabase, testDatabaseUrl } from '@brand-api/event-store/testing';
import type { TestDatabase } from '@brand-api/event-store/testing';
import { freePort, spawnBrandApi, stopRuntime } from '../testing/spawn-runtime';
import type { RuntimeChild } from '../testing/spawn-runtime';

jest.setTimeout(420_000);

const root = path.resolve(__dirname, '../../../..');

interface ShellBlock {
  /** 1-based line of the opening fence. */
  line: number;
  code: string;
  /** Why the test does not run it (the newcomer's part), from the comment above the fence. */
  skip: string | undefined;
}

/** The fenced blocks of a Markdown text, with their language and the comment that precedes them. */
function fencedBlocks(
  markdown: string,
): { line: number; language: string; code: string; before: string }[] {
  const lines = markdown.split('\n');
  const blocks = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^```(\S*)\s*$/.exec(lines[index]!);
    if (!open) continue;
    const end = lines.findIndex((text, at) => at > index && text.startsWith('```'));
    if (end < 0) throw new Error(`README.md:${index + 1}: the block is never closed`);
    const before = lines
      .slice(0, index)
      .reverse()
      .find((text) => text.trim() !== '');
    blocks.push({
      line: index + 1,
      language: open[1]!,
      code: lines.slice(index + 1, end).join('\n'),
      before: before ?? '',
    });
    index = end;
  }
  return blocks;
}

function readmeShellBlocks(): ShellBlock[] {
  const blocks = fencedBlocks(readFileSync(path.join(root, 'README.md'), 'utf8'));
  const unlabelled = blocks.filter((block) => !['bash', 'text'].includes(block.language));
  if (unlabelled.length > 0) {
    throw new Error(
      `README.md: every shell block is a \`\`\`bash block (text is \`\`\`text); found ${unlabelled
        .map((block) => `\`\`\`${block.language} at line ${block.line}`)
        .join(', ')}`,
    );
  }
  return blocks
    .filter((block) => block.language === 'bash')
    .map((block) => ({
      line: block.line,
      code: block.code,
      skip: /^<!-- readme-test: skip \((.+)\) -->$/.exec(block.before.trim())?.[1],
    }));
}

interface BashRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `script` in bash from the repository root, in its own process group (killed at the end). */
function runBash(script: string, env: Record<string, string>, timeoutMs: number): Promise<BashRun> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', script], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // the group has ended
      }
    };
    const timer = setTimeout(() => {
      stderr += `\n[test] killed after ${timeoutMs} ms`;
      killGroup();
    }, timeoutMs);
    child.on('close', (code) => {
      clearTimeout(timer);
      killGroup(); // a receiver left running by a failed block
      resolve({ code, stdout, stderr });
    });
  });
}

describe("the README's bash blocks", () => {
  const blocks = readmeShellBlocks();

  it('are all valid bash, and the ones the test does not run say why', async () => {
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      const { code, stderr } = await runBash(`set -n\n${block.code}`, {}, 30_000);
      expect({ line: block.line, code, stderr }).toEqual({ line: block.line, code: 0, stderr: '' });
    }
    // What the test does itself: start the server, run the tests, set the secrets.
    expect(blocks.filter((block) => block.skip !== undefined).map((block) => block.code)).toEqual([
      expect.stringMatching(/^npm install && npm start\b.*\nnpm test\b/),
      expect.stringMatching(/^export SERVER=.*\nexport KEY=.*\nexport TOKEN=/),
    ]);
  });

  describe('run in order against a fresh server', () => {
    let dataDir: string;
    let testDb: TestDatabase | undefined;
    let server: RuntimeChild;

    beforeAll(async () => {
      dataDir = await mkdtemp(path.join(tmpdir(), 'brand-api-readme-'));
      if (testDatabaseUrl() !== undefined) testDb = await createTestDatabase({ poolSize: 1 });
    });
    afterAll(async () => {
      if (server !== undefined) await stopRuntime(server);
      await testDb?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    it('every block exits 0 and does what its comments say', async () => {
      const port = await freePort();
      server = spawnBrandApi(['all'], {
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: testDb?.url,
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        LOG_LEVEL: 'warn',
      });
      // The banner is printed once the server listens; its last line says the secrets are shown once.
      await server.waitForOutput(/These secrets are shown only now/, 200_000);
      const { stdout } = server.output();
      const env = {
        SERVER: `http://localhost:${port}`,
        KEY: /Demo API key: (bk_live_\w+)/.exec(stdout)![1]!,
        TOKEN: /Admin token [^:]*: (bka_\w+)/.exec(stdout)![1]!,
        RECEIVER_PORT: String(await freePort()),
      };

      const script = [
        'set -euo pipefail',
        ...blocks
          .filter((block) => block.skip === undefined)
          .map((block) => `echo '[README.md:${block.line}]' >&2\n${block.code}`),
      ].join('\n');
      const run = await runBash(script, env, 180_000);
      const failure = `exit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
      expect(run.code === 0 ? '' : failure).toBe('');

      // What a newcomer sees on the way.
      expect(run.stdout).toContain('"code":"UNAUTHORIZED"');
      expect(run.stdout).toMatch(/"storeId":"shirt-1-m"/);
      expect(run.stdout).toContain('receiver: signature checked, user.joined');
      expect(run.stdout).toMatch(/"magicLink":"http:\/\/localhost:\d+\//);
      expect(run.stdout).toMatch(/^302 /m);
      expect(run.stdout).toMatch(/"firstName":"Ada"/);
      // After the delete, the product's variants are gone.
      expect(run.stdout).toContain('{"data":[],"hasMore":false,"nextCursor":null}');
    });
  });
});
