// What bench/alarmLatency.ts watches inside the console page: the /alerts menu badge as the console draws
// it (its own socket, alarms:counts → AlarmStore → React), and, beside it, every alarms:new record and
// alarms:counts message as they reach a second socket.io client in the same page. Times are the page's Date.now(): the same machine
// clock the bench stamps its readings with.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { root } from '../scripts/bundles.mjs';

export interface PageObservations {
  /** [time, count]: each change of the /alerts badge number (antd keeps the real count in `title`). */
  badge: [number, number][];
  /** [time received, record id, rule id, kind, repeatCount]: every alarms:new message. */
  alarms: [number, number, number | null, string, number][];
  /** [time received, total]: every alarms:counts message on the same second client (what the badge is drawn from). */
  counts: [number, number][];
  /** alarms:new subscription acknowledged. */
  subscribed: boolean;
}

interface BenchWindow {
  __alarmBench: PageObservations;
}

/** The /alerts badge count now (0 when the console shows no badge). */
const BADGE = '[data-testid="menu-badge-/alerts"] .ant-badge-count';

// Plain JavaScript run in the page (a string: the bench's TypeScript transform would add helpers the page lacks).
const PAGE_RECORDER = `function (selector, token) {
  const seen = { badge: [], alarms: [], counts: [], subscribed: false };
  window.__alarmBench = seen;
  function read() {
    const element = document.querySelector(selector);
    return element ? Number(element.getAttribute('title') ?? element.textContent ?? 0) : 0;
  }
  let last = read();
  seen.badge.push([Date.now(), last]);
  new MutationObserver(function () {
    const now = read();
    if (now !== last) {
      last = now;
      seen.badge.push([Date.now(), now]);
    }
  }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  // WebSocket at once, as every client of the product: behind a balancer without stickiness long-polling's
  // requests would reach processes that do not hold the session.
  const socket = window.io(location.origin, { query: { token }, transports: ['websocket'] });
  socket.on('connect', function () {
    socket.emit('subscribe', { channel: 'alarms:counts' });
    socket.emit('subscribe', { channel: 'alarms:new' }, function (ack) { seen.subscribed = ack.ok; });
  });
  socket.on('channel:data', function (message) {
    if (message.channel === 'alarms:counts') seen.counts.push([Date.now(), message.data.total]);
    if (message.channel !== 'alarms:new') return;
    const r = message.data;
    seen.alarms.push([Date.now(), r.id, r.ruleId, r.kind, r.repeatCount]);
  });
}`;

/**
 * Installs the recorders. The badge is read after each DOM mutation (a MutationObserver runs once the
 * React commit has changed the DOM, before the next paint: "visible" here is that commit, ≤ 1 frame before
 * the pixels). The second client is socket.io-client's browser build, as the console bundle uses.
 */
export async function installPageProbe(page: Page, token: string): Promise<void> {
  // Not in the package's exports map: read from its folder.
  const socketIoBuild = join(root, 'node_modules/socket.io-client/dist/socket.io.min.js');
  await page.addScriptTag({ path: socketIoBuild });
  await page.evaluate(`(${PAGE_RECORDER})(${JSON.stringify(BADGE)}, ${JSON.stringify(token)})`);
  await page.waitForFunction(() => (window as unknown as BenchWindow).__alarmBench.subscribed, undefined, { timeout: 15_000 });
}

export function readPageProbe(page: Page): Promise<PageObservations> {
  return page.evaluate(() => (window as unknown as BenchWindow).__alarmBench);
}
