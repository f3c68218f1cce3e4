import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { Receiver } from '@server/forwarding/receiver.test-util';
import { activeInterfaceKey, callApi } from './helpers/api';
import { apiToken, logIn, openTab, visibleRawKeys, type ConsoleTab } from './helpers/console';

const SECRET = 'e2e-forwarding-secret-0123';
let server: RunningServer;
let browser: Browser;
let receiver: Receiver;
let receiverUrl: string;
let tab: ConsoleTab;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  receiver = new Receiver(SECRET);
  receiverUrl = await receiver.listen();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await receiver?.close();
});

/** Headers and first-row buttons of a table that lie outside its visible box (a 1366 px screen must show them all). */
function outside(page: Page, testId: string): Promise<string[]> {
  return page.evaluate((id) => {
    const table = document.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;
    const box = (table.querySelector<HTMLElement>('.ant-table-container') ?? table).getBoundingClientRect();
    const right = Math.min(box.right, document.documentElement.clientWidth);
    const row = table.querySelector<HTMLElement>('tbody tr[data-row-key]');
    const elements = [...table.querySelectorAll<HTMLElement>('thead th'), ...(row?.querySelectorAll<HTMLElement>('button') ?? [])];
    return elements
      .filter((e) => e.getBoundingClientRect().width > 0 && (e.getBoundingClientRect().left < box.left - 1 || e.getBoundingClientRect().right > right + 1))
      .map((e) => e.innerText.trim());
  }, testId);
}

describe('data forwarding in the console against the real server and a receiver on loopback', () => {
  it('an endpoint made in the dialog receives signed readings sent through the HTTP ingest API, and the call shows with status 200', async () => {
    tab = await openTab(browser);
    const { page } = tab;
    await page.goto(`${server.url}/settings/webServiceConfig`);
    await logIn(page);
    await page.getByTestId('endpoints-add').click();
    await page.getByTestId('endpoint-name').fill('Regulator platform');
    await page.getByTestId('endpoint-url').fill(receiverUrl);
    await page.getByTestId('endpoint-secret').fill(SECRET);
    // One meter, chosen in the shared meter picker by typing its code.
    await page.getByTestId('endpoint-meters').click();
    await page.keyboard.type('M041');
    await page.locator('.ant-select-item-option', { hasText: 'M041' }).first().click();
    await page.keyboard.press('Escape');
    await page.getByTestId('endpoint-batchSize').fill('2');
    await page.getByTestId('endpoint-dialog-ok').click();
    const row = page.locator('[data-testid^="endpoint-row-"]', { hasText: 'Regulator platform' });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain(receiverUrl);

    const token = await apiToken(server.url);
    const key = await activeInterfaceKey(server.url, token, 'Gateway upload');
    const ts = Date.now() - 120_000;
    const answer = await callApi(
      server.url,
      'POST',
      '/api/ingest/readings',
      {
        readings: [
          { meter: 'M041', ts, values: { kwh: 812.5, kw: 12.25 } },
          { meter: 'M042', ts, values: { kwh: 99 } },
          { meter: 'M041', ts: ts + 60_000, values: { kwh: 812.75 } },
        ],
      },
      { 'x-interface-key': key },
    );
    expect(answer).toMatchObject({ code: 0, data: { accepted: 3, rejected: [] } });

    await receiver.waitFor(1);
    const [call] = receiver.received;
    expect(call!.signatureValid).toBe(true);
    expect(call!.batch.items).toEqual([
      { type: 'reading', meter: 'M041', meterId: expect.any(Number), ts, values: { kwh: 812.5, kw: 12.25 } },
      { type: 'reading', meter: 'M041', meterId: expect.any(Number), ts: ts + 60_000, values: { kwh: 812.75 } },
    ]);

    await page.goto(`${server.url}/msg/webServiceRecord`);
    const record = page.locator('[data-testid^="forward-call-"]', { hasText: 'Regulator platform' }).first();
    await record.waitFor();
    const result = record.locator('[data-testid^="call-result-"]');
    await expect(result.textContent()).resolves.toBe('Delivered200');
    const cells = await record.locator('td').allTextContents();
    // Time, endpoint, items, result, latency, attempt, error.
    expect(cells[2]).toBe('2');
    expect(cells[5]).toBe('1');
    expect(tab.errors).toEqual([]);
  });

  it.each([
    ['en', 'Data forwarding endpoints', 'Web service records'],
    ['zh', '数据转发端点', 'WebService 记录'],
    ['es', 'Destinos de reenvío de datos', 'Registros de servicio web'],
  ])('both screens read in %s without raw catalogue keys, every column and row button inside 1366 px', async (language, configTitle, recordsTitle) => {
    await tab.context.addCookies([{ name: 'language', value: language, url: server.url }]);
    const { page } = tab;
    await page.goto(`${server.url}/settings/webServiceConfig`);
    await page.getByTestId('endpoints-table').waitFor();
    await page.getByText(configTitle, { exact: true }).waitFor();
    expect(await outside(page, 'endpoints-table')).toEqual([]);
    await page.locator('[data-testid^="endpoint-edit-"]').first().click();
    await page.getByTestId('endpoint-name').waitFor();
    expect(await visibleRawKeys(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto(`${server.url}/msg/webServiceRecord`);
    await page.getByTestId('forward-calls-table').waitFor();
    await page.locator('[data-testid^="forward-call-"]').first().waitFor();
    await page.getByText(recordsTitle, { exact: true }).first().waitFor();
    expect(await outside(page, 'forward-calls-table')).toEqual([]);
    expect(await visibleRawKeys(page)).toEqual([]);
    expect(tab.errors).toEqual([]);
  });
});
