// Installs Debian packages the test suites need when we are root with apt; otherwise says how.
import { spawnSync } from 'node:child_process';

export const hasCommand = (name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;

export function aptInstall(packages, fix) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !hasCommand('apt-get')) throw new Error(`Missing ${packages.join(', ')}. ${fix}`);
  console.log(`Installing ${packages.join(', ')} for the tests (apt-get)…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['update', '-qq'],
    ['install', '-y', '-qq', ...packages],
  ]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed. ${fix}`);
  }
}

/** mosquitto_pub, the external MQTT client of the MQTT acceptance test. */
export function ensureMosquittoClients() {
  if (!hasCommand('mosquitto_pub')) aptInstall(['mosquitto-clients'], 'Install it (Debian/Ubuntu: `sudo apt-get install -y mosquitto-clients`).');
}
