// Builds the console and kiosk bundles when they are missing or older than their sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(import.meta.url), '../..');
const SOURCES = ['console', 'kiosk', 'shared', 'boards', 'vite.config.ts', 'package-lock.json', 'tsconfig.json'];
const OUTPUTS = ['dist/console/index.html', 'dist/kiosk/index.html'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.endsWith('.test.ts') || entry.endsWith('.test.tsx')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

export function bundlesAreStale(outDir = 'dist') {
  // resolve, not join: an absolute outDir (a private bundle folder under /tmp) stays absolute.
  const outputs = OUTPUTS.map((p) => resolve(root, p.replace(/^dist/, outDir)));
  if (!outputs.every((p) => existsSync(p))) return true;
  const builtAt = Math.min(...outputs.map((p) => statSync(p).mtimeMs));
  return SOURCES.some((p) => newestMtime(join(root, p)) > builtAt);
}

/** `outDir` (relative to the repo or absolute) lets parallel browser-test runs build apart from `dist`. */
export function ensureBuilt({ quiet = false, outDir = 'dist' } = {}) {
  if (!bundlesAreStale(outDir)) return false;
  if (!quiet) console.log('Building the console and kiosk bundles (they are missing or older than their sources)…');
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', quiet ? 'warn' : 'info'],
    {
      cwd: root,
      stdio: 'inherit',
      // Under vitest NODE_ENV is "test", which would give React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error(`vite build failed with exit code ${result.status}`);
  return true;
}
