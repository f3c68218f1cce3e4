// `npm test`: type-check, the import rules, lint and formatting, then every suite (unit, server on SQLite and
// PostgreSQL, browser e2e in Chromium). A failing check stops the run before the suites.
import { spawnSync } from 'node:child_process';
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

console.log('Type-checking…');
const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
if (tsc.status !== 0) {
  console.error('Type errors: fix them first.');
  process.exit(1);
}

/** A check that must pass before the suites run: its own output, then one line saying what to do. */
function check(title, bin, args, advice) {
  console.log(`${title}…`);
  const run = spawnSync(process.execPath, [join(root, 'node_modules', bin), ...args], { cwd: root, stdio: 'inherit', env });
  if (run.status !== 0) {
    console.error(advice);
    process.exit(1);
  }
}

check(
  'Checking the import rules (.dependency-cruiser.cjs)',
  'dependency-cruiser/bin/dependency-cruise.mjs',
  [
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
  'Import rules broken (above: the rule, why it exists, and the import): move the shared code into a leaf file or the folder it belongs to.',
);
check(
  'Linting (eslint.config.js)',
  'eslint/bin/eslint.js',
  ['.', '--max-warnings', '0'],
  'Lint findings (above): fix them (a disable comment must say why, after `--`).',
);
check(
  'Checking formatting (.prettierrc.json)',
  'prettier/bin/prettier.cjs',
  ['--check', '.', '--log-level', 'warn'],
  'Files not formatted (above): run `npm run format`.',
);

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
