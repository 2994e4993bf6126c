/**
 * `npm test` and its tiers run Jest under the Node flags of package.json. Jest needs
 * `--experimental-vm-modules` (PGlite's CommonJS build loads parts of itself with `import()`),
 * and Node warns that the flag is experimental from every process that uses it: the command
 * must silence that one warning and no other.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const scripts = (
  JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  }
).scripts;
const testScripts = Object.entries(scripts).filter(([name]) => /^test(:|$)/.test(name));

/** The Node flags a script gives before Jest's entry point. */
function nodeFlags(command: string): string[] {
  const words = command.split(/\s+/);
  const jest = words.indexOf('node_modules/jest/bin/jest.js');
  if (words[0] !== 'node' || jest < 0) throw new Error(`not a Jest command: ${command}`);
  return words.slice(1, jest);
}

/** Runs `code` in a Node process started with `flags`. */
function runNode(flags: readonly string[], code: string) {
  return spawnSync(process.execPath, [...flags, '-e', code], { cwd: root, encoding: 'utf8' });
}

const usesVmModules = "new (require('node:vm').SourceTextModule)('export default 1');";

describe('the test command', () => {
  it('covers npm test and each tier', () => {
    expect(testScripts.map(([name]) => name).sort()).toEqual([
      'test',
      'test:e2e',
      'test:int',
      'test:unit',
    ]);
  });

  it.each(testScripts)('%s: VM modules without an ExperimentalWarning', (_name, command) => {
    const run = runNode(nodeFlags(command), usesVmModules);
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  });

  it.each(testScripts)('%s: every other warning still shows', (_name, command) => {
    const run = runNode(
      nodeFlags(command),
      "process.emitWarning('still here', 'DeprecationWarning');",
    );
    expect(run.stderr).toContain('DeprecationWarning: still here');
  });
});
