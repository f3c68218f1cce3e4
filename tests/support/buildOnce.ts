// vitest globalSetup for the e2e project: one build of the bundles before any browser test.
import { ensureBuilt } from '../../scripts/bundles.mjs';

export default function setup(): void {
  ensureBuilt({ quiet: true });
}
