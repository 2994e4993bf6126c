/**
 * `npx brandctl` after `npm install`: npm links a bin only if its target exists at install
 * time, and the compiled CLI does not exist then, so the link points at a committed script.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, realpathSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');
const link = path.join(root, 'node_modules/.bin/brandctl');
const script = path.join(root, 'services/cli/bin/brandctl.cjs');
const compiled = path.join(root, 'services/cli/dist/main.js');

describe('the brandctl command npm links', () => {
  it('exists after install and points at the committed launcher', () => {
    expect(existsSync(link)).toBe(true);
    expect(realpathSync(link)).toBe(script);
  });

  it('runs the compiled CLI, or says how to build it', () => {
    const run = spawnSync(link, ['--help'], { encoding: 'utf8', env: { ...process.env } });
    if (existsSync(compiled)) {
      expect(run.status).toBe(0);
      expect(run.stdout).toMatch(/^Usage: brandctl/m);
      expect(run.stdout).toContain('BRANDCTL_URL');
    } else {
      expect(run.status).toBe(69);
      expect(run.stderr).toContain('npm run build');
    }
  });
});
