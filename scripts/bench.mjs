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
  // Several processes as one (PostgreSQL, Redis, a Mosquitto of their own; the realtime ones behind HAProxy from deploy/).
  { file: 'bench/clusterIngest.ts', env: { BENCH_PROCESSES: '3' }, needs: ['mosquitto'] },
  { file: 'bench/alarmLatency.ts', env: { BENCH_CLUSTER: '3', BENCH_RATE: '10000' }, needs: ['mosquitto', 'haproxy'] },
  { file: 'bench/socketFanout.ts', env: { BENCH_CLUSTER: '3' }, needs: ['mosquitto', 'haproxy'] },
];

/** A program on PATH or in /usr/sbin (Debian puts haproxy and mosquitto there). */
const installed = (program) => spawnSync('sh', ['-c', `command -v ${program} || test -x /usr/sbin/${program}`], { stdio: 'ignore' }).status === 0;

let failed = false;
for (const bench of BENCHES) {
  const { file, env = {}, needs = [] } = typeof bench === 'string' ? { file: bench } : bench;
  const label = [file, ...Object.entries(env).map(([name, value]) => `${name}=${value}`)].join(' ');
  console.log(`\n== ${label}`);
  const missing = needs.filter((program) => !installed(program));
  if (missing.length > 0) {
    console.log(`skipped: ${missing.join(' and ')} not installed (apt-get install ${missing.join(' ')})`);
    continue;
  }
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(root, file)], { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
