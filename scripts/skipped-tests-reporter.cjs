// A Jest reporter that lists, after the summary, every skipped test with the reason it gives.
// Tests skip with a reason in their title or their block's: `… — skipped: <reason>`
// (describeOnServer, itOnServer, describeWithPidNamespaces in the testing helpers).
'use strict';
const path = require('node:path');

const reasonPattern = /(?:^|\s—\s|\s)skipped: (.+)$/;

class SkippedTestsReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
    this.filtered = Boolean(globalConfig.testNamePattern);
    /** reason → "file › test" lines */
    this.byReason = new Map();
  }

  onTestResult(_test, result) {
    const file = path.relative(this.rootDir, result.testFilePath);
    for (const test of result.testResults) {
      if (test.status !== 'pending' && test.status !== 'skipped' && test.status !== 'todo')
        continue;
      const titles = [...test.ancestorTitles, test.title];
      const withReason = titles.map((title) => reasonPattern.exec(title)).find(Boolean);
      if (!withReason && this.filtered) continue; // left out by -t, not skipped on purpose
      const reason = withReason
        ? withReason[1]
        : test.status === 'todo'
          ? 'todo'
          : 'no reason given';
      const name = titles
        .map((title) => title.replace(reasonPattern, '').trim())
        .filter((title) => title.length > 0)
        .join(' › ');
      const list = this.byReason.get(reason) ?? [];
      list.push(`${file} › ${name}`);
      this.byReason.set(reason, list);
    }
  }

  onRunComplete() {
    if (this.byReason.size === 0) return;
    const count = [...this.byReason.values()].reduce((sum, list) => sum + list.length, 0);
    const lines = [`\nSkipped tests (${count}), by reason:`];
    for (const [reason, tests] of this.byReason) {
      lines.push(`  ${reason} (${tests.length})`, ...tests.map((test) => `    ${test}`));
    }
    process.stderr.write(`${lines.join('\n')}\n`);
  }
}

module.exports = SkippedTestsReporter;
