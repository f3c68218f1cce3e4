// `npm run bench`: every measurement in bench/, one after another (each bounded and loopback-only).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './bundles.mjs';

const BENCHES = [
  'bench/authRequests.ts',
  'bench/loginGuesses.ts',
  'bench/mqttPreAuthMemory.ts',
  'bench/forwardingIngest.ts',
  'bench/ingestThroughput.ts',
  'bench/tariffIngest.ts',
  'bench/tariffRecompute.ts',
  'bench/alarmLatency.ts',
  'bench/socketFanout.ts',
  'bench/kioskWall.ts',
  'bench/demoBackfill.ts',
  'bench/storageAndQueries.ts',
  'bench/settlementClose.ts',
  'bench/prepaidDeduction.ts',
  'bench/reportGeneration.ts',
];
let failed = false;
for (const file of BENCHES) {
  console.log(`\n== ${file}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, file)], { cwd: root, stdio: 'inherit', env: process.env });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
