import { chromium, type Browser, type Page } from 'playwright-core';
import { findChromium } from '../../scripts/chromium.mjs';

/** Flags that keep headless Chromium quiet on a machine with no outside network; WebGL via SwiftShader. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('No Chromium: run `npm test` (it installs one) or set CHROME_PATH');
  return chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
}

/** Collects page errors so a test can assert the page ran clean. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
