/**
 * Times a clean build of the docs site exactly as CI runs it (`npm run docs:build` at the
 * repository root: the OpenAPI document, `gatsby clean`, `gatsby build`, the link checker) and
 * reads Gatsby's own step timings from its output, so a slow build says where its time goes.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface BuildTiming {
  /** Wall time of the whole `npm run docs:build`. */
  totalSeconds: number;
  /** Gatsby's "Done building in" figure. */
  gatsbySeconds: number;
  /** Gatsby's steps that took a second or more, longest first. */
  slowSteps: Array<{ step: string; seconds: number }>;
}

const REPO_ROOT = path.resolve(__dirname, '../../..');
// eslint-disable-next-line no-control-regex -- Gatsby colours its output with ANSI escapes.
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;

export function parseGatsbyTimings(output: string): Omit<BuildTiming, 'totalSeconds'> {
  const text = output.replace(ANSI, '');
  const done = /Done building in ([\d.]+) sec/.exec(text);
  const steps = [...text.matchAll(/^success (.+?) - ([\d.]+)s/gm)].map((match) => ({
    step: match[1]!.trim(),
    seconds: Number(match[2]),
  }));
  return {
    gatsbySeconds: done === null ? NaN : Number(done[1]),
    slowSteps: steps.filter((s) => s.seconds >= 1).sort((a, b) => b.seconds - a.seconds),
  };
}

export function timeDocsBuild(): Promise<BuildTiming> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'docs:build'], {
      cwd: REPO_ROOT,
      env: { ...process.env, GATSBY_TELEMETRY_DISABLED: '1', REDOCLY_TELEMETRY: 'off' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) {
        reject(new Error(`npm run docs:build failed (exit ${code}):\n${output.slice(-4000)}`));
        return;
      }
      const totalSeconds = Number(process.hrtime.bigint() - started) / 1e9;
      resolve({ totalSeconds, ...parseGatsbyTimings(output) });
    });
  });
}
