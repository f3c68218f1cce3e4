import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { BoardSummary } from '@shared/schemas/boards';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiData } from './helpers/api';
import { apiToken } from './helpers/console';
import { openWall } from './helpers/kiosk';

/**
 * Issue 19: the seeded demo sub-user opens walls on a fresh server. A wall of its tree that is not shared
 * with it says so and whom to ask; an id no board has says "not found". Real server, real Chromium.
 */
const DEMO_PASSWORD = 'Demo!2345e2e';
const SHOTS = '/tmp/kiosk-shots';
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off', DEMO_USER_PASSWORD: DEMO_PASSWORD });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('opening a wall as the demo sub-user', () => {
  it('shows the shared wall, says "not shared" with whom to ask for another wall of the tree, and "not found" for no board', async () => {
    const adminToken = await apiToken(server.url);
    const plant3d = (await apiData<BoardSummary[]>(server.url, adminToken, 'GET', '/api/boards')).find((board) => board.name === '3D plant')!;
    const token = await apiToken(server.url, 'demo_operator', DEMO_PASSWORD);
    const shared = (await apiData<BoardSummary[]>(server.url, token, 'GET', '/api/boards')).find((board) => board.name === 'Alarm wall')!;
    const wall = await openWall(browser);
    try {
      await wall.context.addCookies([
        { name: 'Admin-Token', value: token, url: server.url },
        { name: 'language', value: 'en', url: server.url },
      ]);
      await wall.page.goto(`${server.url}/dash/${shared.id}`);
      await wall.page.getByTestId('board').waitFor();
      await wall.page.goto(`${server.url}/dash/${plant3d.id}`);
      const notShared = wall.page.getByTestId('board-not-shared');
      await notShared.waitFor();
      expect([await notShared.locator('h1').innerText(), await notShared.locator('p').innerText()]).toEqual([
        `Board ${plant3d.id} is not shared with you.`,
        'Ask Administrator (admin), who manages your user tree, to share it with you.',
      ]);
      await wall.page.screenshot({ path: join(SHOTS, 'board-not-shared.png') });
      await wall.page.goto(`${server.url}/dash/999999`);
      const missing = wall.page.getByTestId('board-missing');
      await missing.waitFor();
      expect(await missing.innerText()).toBe('Board 999999 was not found.');
      await wall.page.screenshot({ path: join(SHOTS, 'board-not-found.png') });
      expect(await wall.page.getByTestId('board-not-shared').count()).toBe(0);
      await wall.context.addCookies([{ name: 'language', value: 'zh', url: server.url }]);
      await wall.page.goto(`${server.url}/dash/${plant3d.id}`);
      await wall.page.getByTestId('board-not-shared').waitFor();
      const inChinese = wall.page.getByTestId('board-not-shared');
      expect([await inChinese.locator('h1').innerText(), await inChinese.locator('p').innerText()]).toEqual([
        `看板 ${plant3d.id} 未共享给您。`,
        '请联系管理您用户树的 Administrator（admin）将其共享给您。',
      ]);
      // The browser logs each refused request (403, 404) as a failed resource; nothing else may go wrong.
      expect(wall.errors.filter((error) => !/status of (403|404)/.test(error))).toEqual([]);
    } finally {
      await wall.context.close();
    }
  }, 120_000);
});
