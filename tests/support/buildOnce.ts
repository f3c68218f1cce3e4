// vitest globalSetup for the e2e project: one build of the bundles before any browser test.
import { ensureBuilt } from '../../scripts/bundles.mjs';

export default function setup(): void {
  // E2E_WEB_ROOT: a private bundle folder, so two browser-test runs in one checkout do not rebuild each other's files.
  ensureBuilt({ quiet: true, outDir: process.env.E2E_WEB_ROOT ?? 'dist' });
}
