// `npm test`: type-check, the import rules, lint, formatting and the packages' Node engines, then every suite (unit, server on SQLite and
// PostgreSQL, browser e2e in Chromium). The checks run side by side; a failing one stops the run before the suites.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { ensureChromium } from './chromium.mjs';
import { ensureMosquittoClients } from './apt.mjs';
import { root } from './bundles.mjs';

const DEFAULT_PG = 'postgres://postgres@127.0.0.1:5432/test';

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host, port, timeout: 1000 });
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

const started = Date.now();
const env = { ...process.env };
try {
  env.CHROME_PATH = ensureChromium();
  ensureMosquittoClients();
} catch (error) {
  console.error(String(error.message ?? error));
  process.exit(1);
}

if (!env.TEST_DATABASE_URL) {
  if (await reachable('127.0.0.1', 5432)) env.TEST_DATABASE_URL = DEFAULT_PG;
  else if (env.CI) {
    console.error('CI needs PostgreSQL for the server suite: start it on 127.0.0.1:5432 or set TEST_DATABASE_URL.');
    process.exit(1);
  } else console.warn(`No PostgreSQL at 127.0.0.1:5432 and no TEST_DATABASE_URL: the server suite runs on SQLite only.`);
}

/** The checks that must pass before the suites run, each with one line saying what to do when it fails. */
const checks = [
  {
    title: 'Type-checking (tsconfig.json)',
    bin: 'typescript/bin/tsc',
    args: ['-p', 'tsconfig.json', '--noEmit'],
    advice: 'Type errors: fix them first.',
  },
  {
    title: 'Checking the import rules (.dependency-cruiser.cjs)',
    bin: 'dependency-cruiser/bin/dependency-cruise.mjs',
    args: [
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'err-long',
      'shared',
      'boards',
      'kiosk',
      'console',
      'server',
      'tests',
      'bench',
      'scripts',
      'types',
      'vite.config.ts',
      'vitest.config.ts',
    ],
    advice: 'Import rules broken (above: the rule, why it exists, and the import): move the shared code into a leaf file or the folder it belongs to.',
  },
  {
    title: 'Linting (eslint.config.js)',
    bin: 'eslint/bin/eslint.js',
    args: ['.', '--max-warnings', '0'],
    advice: 'Lint findings (above): fix them (a disable comment must say why, after `--`).',
  },
  {
    title: 'Checking formatting (.prettierrc.json)',
    bin: 'prettier/bin/prettier.cjs',
    args: ['--check', '.', '--log-level', 'warn'],
    advice: 'Files not formatted (above): run `npm run format`.',
  },
  {
    title: 'Checking the engines of the installed packages (package.json engines.node)',
    script: 'scripts/nodeEngines.mjs',
    args: [],
    advice: 'A dependency needs a newer Node than the README promises: override or pin it, or raise engines.node and the README.',
  },
];

/** Runs one check with its output held back, so the checks can run side by side and still print in order. */
function runCheck({ bin, script, args }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script ? join(root, script) : join(root, 'node_modules', bin), ...args], { cwd: root, env });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(output).toString() }));
  });
}

// Independent of each other: side by side they take about as long as the slowest (lint), not the sum.
const checksStarted = Date.now();
const outcomes = await Promise.all(checks.map(runCheck));
let checksFailed = false;
for (const [index, check] of checks.entries()) {
  const { status, output } = outcomes[index];
  console.log(`${check.title}: ${status === 0 ? 'ok' : 'FAILED'}`);
  if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
  if (status !== 0) {
    console.error(check.advice);
    checksFailed = true;
  }
}
if (checksFailed) process.exit(1);
console.log(`Checks took ${((Date.now() - checksStarted) / 1000).toFixed(1)} s`);

mkdirSync(join(root, '.tmp'), { recursive: true });
const report = join(root, '.tmp/vitest-report.json');
const vitest = spawnSync(
  process.execPath,
  [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit', env },
);

let passed = 0;
let failed;
try {
  const results = JSON.parse(readFileSync(report, 'utf8'));
  passed = results.numPassedTests;
  failed = results.numFailedTests + (results.numTotalTests === 0 ? 1 : 0);
} catch {
  failed = 1;
}
console.log(`\nAll suites took ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(vitest.status === 0 && failed === 0 && passed > 0 ? 0 : 1);
