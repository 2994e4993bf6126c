/**
 * Build time: when a guide last changed, from git (its last commit's date). Null where git
 * cannot tell: no git, a file not committed yet, or a shallow clone, whose one commit would give
 * every file the date of the clone's commit rather than of its own last change.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

function git(args: string[], cwd: string): string | null {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

export function lastCommitDate(file: string): Date | null {
  const cwd = path.dirname(file);
  if (git(['rev-parse', '--is-shallow-repository'], cwd) !== 'false') return null;
  const date = git(['log', '-1', '--format=%cI', '--', path.basename(file)], cwd);
  return date === null || date === '' ? null : new Date(date);
}

/** "26 November 2025", the same on every machine (UTC, English). */
export function formatLastUpdated(date: Date): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
