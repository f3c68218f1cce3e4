// Finds the Chromium the browser tests drive: CHROME_PATH, /usr/bin/chromium, or Debian's package.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const FIX = 'Install Chromium (Debian/Ubuntu: `sudo apt-get install -y chromium`) or set CHROME_PATH to a Chrome/Chromium binary.';

export function findChromium() {
  if (process.env.CHROME_PATH) {
    if (!existsSync(process.env.CHROME_PATH)) throw new Error(`CHROME_PATH=${process.env.CHROME_PATH} does not exist. ${FIX}`);
    return process.env.CHROME_PATH;
  }
  return CANDIDATES.find((path) => existsSync(path));
}

/** Returns a Chromium path, installing Debian's package when we are root with apt; otherwise fails with the fix. */
export function ensureChromium() {
  const found = findChromium();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) throw new Error(`No Chromium found for the browser tests. ${FIX}`);
  console.log('Installing Debian\'s chromium for the browser tests (apt-get)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium', 'fonts-noto-cjk']]) {
    const result = spawnSync('apt-get', args, { stdio: 'inherit', env });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed. ${FIX}`);
  }
  const installed = findChromium();
  if (!installed) throw new Error(`apt-get installed chromium but no binary was found. ${FIX}`);
  return installed;
}
