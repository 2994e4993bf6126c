import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { formatLastUpdated, lastCommitDate } from './git-last-updated';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'last-updated-'));
  dirs.push(dir);
  return dir;
}

function git(cwd: string, ...args: string[]): void {
  execFileSync('git', args, { cwd, stdio: 'ignore' });
}

/** A repository where guide.mdx was committed on 2 March 2025 and other.mdx a year later. */
function repository(): string {
  const dir = tempDir();
  git(dir, 'init', '-q');
  const commit = (file: string, date: string) => {
    writeFileSync(path.join(dir, file), `# ${file}\n`);
    git(dir, 'add', file);
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-qm', file], {
      cwd: dir,
      env: { ...process.env, GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    });
  };
  commit('guide.mdx', '2025-03-02T18:30:00Z');
  commit('other.mdx', '2026-03-02T18:30:00Z');
  return dir;
}

describe('lastCommitDate', () => {
  it("is the date of the file's own last commit", () => {
    const repo = repository();
    expect(lastCommitDate(path.join(repo, 'guide.mdx'))?.toISOString()).toBe(
      '2025-03-02T18:30:00.000Z',
    );
    expect(formatLastUpdated(lastCommitDate(path.join(repo, 'guide.mdx')) as Date)).toBe(
      '2 March 2025',
    );
  });

  it('is null for a file never committed, outside git, and in a shallow clone', () => {
    const repo = repository();
    writeFileSync(path.join(repo, 'draft.mdx'), 'new');
    expect(lastCommitDate(path.join(repo, 'draft.mdx'))).toBeNull();

    const plain = tempDir();
    writeFileSync(path.join(plain, 'guide.mdx'), 'x');
    expect(lastCommitDate(path.join(plain, 'guide.mdx'))).toBeNull();

    const shallow = path.join(tempDir(), 'clone');
    git(tmpdir(), 'clone', '-q', '--depth', '1', `file://${repo}`, shallow);
    expect(lastCommitDate(path.join(shallow, 'guide.mdx'))).toBeNull();
  });
});
