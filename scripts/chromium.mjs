// Finds the Chromium the browser tests drive: CHROME_PATH, /usr/bin/chromium, or Debian's package.
import { existsSync } from 'node:fs';
import { aptInstall } from './apt.mjs';

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
  aptInstall(['chromium', 'fonts-noto-cjk'], FIX);
  const installed = findChromium();
  if (!installed) throw new Error(`apt-get installed chromium but no binary was found. ${FIX}`);
  return installed;
}
