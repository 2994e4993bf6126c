#!/usr/bin/env node
// `npm start`'s build: `tsc -b` over the packages the server runs, saying which one it is
// compiling and how long each took. A fresh clone compiles for a minute or more on a small
// machine, which plain `tsc -b` spends in silence. Incremental as ever: a package whose
// sources have not changed is reported up to date and not compiled.
'use strict';
const { spawn } = require('node:child_process');
const path = require('node:path');

const root = path.join(__dirname, '..');
const config = process.argv[2] ?? 'tsconfig.build.json';
const tsc = require.resolve('typescript/bin/tsc');
const started = Date.now();
const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const say = (text) => process.stdout.write(`build: ${text}\n`);

/** `services/api` for '/…/services/api/tsconfig.json' or 'services/api/tsconfig.json'. */
const packageOf = (project) =>
  path.relative(root, path.dirname(path.resolve(root, project))) || '.';

let packages = [];
let current;

/** Reads one line of `tsc -b --verbose`; anything it does not recognise (errors) is passed on. */
function onLine(line) {
  // tsc ends its lines with \r\n and starts its messages with the time of day.
  const text = line.replace(/\r$/, '').replace(/^\d\d?:\d\d:\d\d(?: [AP]M)? - /, '');
  const listed = /^\s+\* (.+)$/.exec(text);
  if (listed) {
    if (listed[1] !== config) packages.push(packageOf(listed[1]));
    return;
  }
  if (text.startsWith('Projects in this build')) return;
  const step = (name) => `[${packages.indexOf(name) + 1}/${packages.length}] ${name}`;
  const upToDate = /^Project '(.+?)' is up to date/.exec(text);
  if (upToDate) {
    if (packageOf(upToDate[1]) !== '.') say(`${step(packageOf(upToDate[1]))}: up to date`);
    return;
  }
  const stale = /^Project '(.+?)' is out of date because (.+)$/.exec(text);
  if (stale) return;
  const building = /^Building project '(.+?)'\.\.\.$/.exec(text);
  if (building) {
    finish();
    current = { name: packageOf(building[1]), since: Date.now() };
    say(`${step(current.name)}: compiling…`);
    return;
  }
  if (/^Updating (?:unchanged output timestamps|output timestamps)/.test(text)) return;
  if (text.trim() === '') return;
  process.stdout.write(`${text}\n`);
}

function finish() {
  if (!current) return;
  say(
    `[${packages.indexOf(current.name) + 1}/${packages.length}] ${current.name}: compiled in ${seconds(current.since)}`,
  );
  current = undefined;
}

say(`tsc -b ${config} (incremental: unchanged packages are skipped)`);
const child = spawn(process.execPath, [tsc, '-b', '--verbose', '--pretty', 'false', config], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
let pending = '';
child.stdout.setEncoding('utf8');
child.stdout.on('data', (chunk) => {
  const lines = (pending + chunk).split('\n');
  pending = lines.pop() ?? '';
  lines.forEach(onLine);
});
child.on('close', (code) => {
  if (pending) onLine(pending);
  if (code === 0) finish();
  say(
    code === 0
      ? `done in ${seconds(started)}`
      : `failed (tsc exit ${code}) after ${seconds(started)}`,
  );
  process.exitCode = code ?? 1;
});
