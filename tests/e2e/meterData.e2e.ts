import { mkdirSync, readFileSync } from 'node:fs';
import dayjs from 'dayjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { formatDateTime } from '@shared/format';
import { launchBrowser } from '@tests/support/browser';
import { startServer, type RunningServer } from '@tests/support/serverProcess';
import { apiToken, logIn, openTab, type ConsoleTab } from './helpers/console';
import { bearerHeader, callApi } from './helpers/api';

let server: RunningServer;
let browser: Browser;
let tab: ConsoleTab | undefined;
let token: string;
let meterId: number;
const SHOTS = '/tmp/meterdata-e2e-shots';

/** Four register readings of M011 on a day well in the past, 15 minutes apart (local time, as the screen shows them). */
const DAY = dayjs().subtract(3, 'day').startOf('day');
const READINGS = [
  { ts: DAY.hour(8).valueOf(), kwh: 1000.5, kw: 40.25 },
  { ts: DAY.hour(8).minute(15).valueOf(), kwh: 1010.125, kw: 38.5 },
  { ts: DAY.hour(8).minute(30).valueOf(), kwh: 1021.75, kw: 46 },
  { ts: DAY.hour(8).minute(45).valueOf(), kwh: 1033.375, kw: 46.5 },
];
const NEWEST_FIRST = [...READINGS].reverse();

const api = <T>(method: string, path: string, body?: unknown, headers: Record<string, string> = bearerHeader(token)) =>
  callApi<T>(server.url, method, `/api${path}`, body, headers);

beforeAll(async () => {
  server = await startServer({ SIMULATOR: 'off' });
  browser = await launchBrowser();
  mkdirSync(SHOTS, { recursive: true });
  token = await apiToken(server.url);
  const meters = await api<{ rows: { id: number; code: string }[] }>('GET', '/meters?keyword=M011&size=5');
  meterId = meters.data.rows.find((row) => row.code === 'M011')!.id;
  // The third-party path: a key created and activated by the admin, then the readings posted with it.
  const key = (await api<{ key: string }>('POST', '/interface-keys', { name: 'meterData e2e' })).data.key;
  expect((await api('POST', '/interface-keys/activate', { key })).code).toBe(0);
  const ingest = await api<{ accepted: number; rejected: unknown[] }>(
    'POST',
    '/ingest/readings',
    { ts: Date.now(), readings: READINGS.map(({ ts, kwh, kw }) => ({ meter: 'M011', ts, values: { kwh, kw } })) },
    { 'x-interface-key': key },
  );
  expect(ingest).toMatchObject({ code: 0, data: { accepted: 4, rejected: [] } });
});
afterEach(async () => {
  await tab?.context.close();
  tab = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openMeterData(path: string): Promise<Page> {
  tab = await openTab(browser);
  await tab.page.goto(`${server.url}${path}`);
  await logIn(tab.page);
  await tab.page.waitForURL(`${server.url}${path}`);
  return tab.page;
}

/** Types both ends into the range picker, as an operator does, and runs the query. */
async function queryRange(page: Page, from: dayjs.Dayjs, to: dayjs.Dayjs): Promise<void> {
  const [start, end] = [page.getByTestId('meter-data-range').first(), page.getByTestId('meter-data-range').last()];
  await start.click();
  await start.fill(from.format('YYYY-MM-DD HH:mm:ss'));
  await start.press('Enter');
  await end.fill(to.format('YYYY-MM-DD HH:mm:ss'));
  await end.press('Enter');
  await page.locator('.ant-picker-dropdown:visible').waitFor({ state: 'hidden' });
  expect([await start.inputValue(), await end.inputValue()]).toEqual([from.format('YYYY-MM-DD HH:mm:ss'), to.format('YYYY-MM-DD HH:mm:ss')]);
  await page.getByTestId('meter-data-query').click();
}

const toast = (page: Page, text: string) => page.locator('.ant-message-notice', { hasText: text });
const tableRows = (page: Page) => page.locator('[data-testid="meter-data-table"] tbody tr.ant-table-row');
/** Page errors, leaving out the browser's note on the API's intended 4xx statuses (20002 is a 404, 20003 a 400). */
const pageErrors = () => tab!.errors.filter((error) => !error.startsWith('Failed to load resource'));

describe('base/meterData against the real server', () => {
  it('shows the ingested readings in table and chart, the empty state and the range refusals', async () => {
    const page = await openMeterData(`/base/meterData?meterId=${meterId}`);
    // Today holds nothing for this meter: the server's 20002, once, and an emptied screen.
    await toast(page, 'No history was queried for this device!').waitFor();
    expect(await toast(page, 'No history was queried for this device!').count()).toBe(1);
    await page.getByTestId('meter-data-chart-empty').getByText('No readings for this meter and metric in the chosen range.').waitFor();
    expect(await page.getByTestId('meter-latest-meter').textContent()).toBe('M011 Line 1 press');
    expect(await page.getByTestId('meter-latest-kwh').textContent()).toBe('Active energy, import1,033.375kWh');
    expect(await page.getByTestId('meter-latest-kw').textContent()).toBe('Active power46.5kW');
    await toast(page, 'No history was queried for this device!').waitFor({ state: 'detached', timeout: 10_000 });

    await queryRange(page, DAY, DAY.endOf('day'));
    await tableRows(page).first().getByText(formatDateTime(NEWEST_FIRST[0]!.ts)).waitFor();
    const cells = await tableRows(page).evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)));
    expect(cells).toEqual([
      [formatDateTime(READINGS[3]!.ts), '1,033.375'],
      [formatDateTime(READINGS[2]!.ts), '1,021.75'],
      [formatDateTime(READINGS[1]!.ts), '1,010.125'],
      [formatDateTime(READINGS[0]!.ts), '1,000.5'],
    ]);
    expect(await page.locator('[data-testid="meter-data-table"] th').allTextContents()).toEqual(['Time', 'Value (kWh)']);
    expect(await page.getByTestId('meter-data-chart').locator('canvas').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('meter-data-chart').getByText('4 readings').count()).toBe(1);
    expect(await page.evaluate(() => document.body.innerText.match(/\bmeterData\.[\w.]+/g) ?? [])).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/readings-1366.png` });

    // The power metric of the same range: the samples as sent.
    await page.getByTestId('meter-data-metric').click();
    await page.locator('.ant-select-item-option', { hasText: 'Active power (kW)' }).click();
    await page.getByTestId('meter-data-metric').getByText('Active power (kW)').waitFor();
    await page.getByTestId('meter-data-query').click();
    await page.locator('[data-testid="meter-data-table"] th', { hasText: 'Value (kW)' }).waitFor();
    expect(await tableRows(page).locator('td:nth-child(2)').allTextContents()).toEqual(['46.5', '46', '38.5', '40.25']);

    // A range with no readings: the server's toast again, chart and table emptied.
    await queryRange(page, DAY.subtract(10, 'day'), DAY.subtract(9, 'day'));
    await toast(page, 'No history was queried for this device!').waitFor();
    await page.getByTestId('meter-data-chart-empty').waitFor();
    expect(await tableRows(page).count()).toBe(0);
    expect(await page.getByTestId('meter-data-chart').locator('canvas').count()).toBe(0);

    // Longer than 92 days: refused on the page with the catalogue text, no history call made.
    const historyCalls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/meter-data/') && historyCalls.push(request.url()));
    await queryRange(page, DAY.subtract(93, 'day'), DAY);
    await toast(page, 'Time out of range!').waitFor();
    expect(await page.getByTestId('meter-data-chart-empty').locator('.ant-empty-description').textContent()).toBe(
      'Choose a range of at most 92 days that ends after it starts.',
    );
    expect(historyCalls).toEqual([]);
    // The server agrees: the same range straight to the API is its 20003.
    const refused = await api('GET', `/meter-data/series?meterId=${meterId}&metric=kwh&from=${DAY.subtract(93, 'day').valueOf()}&to=${DAY.valueOf()}`);
    expect(refused).toMatchObject({ code: 20003, message: 'Time out of range!' });
    expect(pageErrors()).toEqual([]);
  });

  it('exports the readings of the range as CSV with the exact rows, and as XLSX', async () => {
    const page = await openMeterData(`/base/meterData?meterId=${meterId}`);
    await toast(page, 'No history was queried for this device!').waitFor();
    await queryRange(page, DAY, DAY.endOf('day'));
    await tableRows(page).nth(3).waitFor();

    const download = page.waitForEvent('download');
    await page.getByTestId('meter-data-export-csv').click();
    const file = await download;
    const fileName = file.suggestedFilename();
    expect(fileName).toMatch(/^M011_kwh_.+\.csv$/);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text.split('\r\n')).toEqual(['\uFEFFtime,timestamp_ms,kwh (kWh)', ...READINGS.map(({ ts, kwh }) => `${formatDateTime(ts)},${ts},${kwh}`), '']);
    await page.getByTestId('meter-data-export-done').getByText(`Saved as ${fileName}`).waitFor();
    expect(await page.getByTestId('meter-data-export-progress').locator('xpath=descendant-or-self::*[@role="progressbar"]').getAttribute('aria-valuenow')).toBe(
      '100',
    );
    await page.waitForTimeout(400); // the progress bar's fill animation, for the screenshot
    await page.screenshot({ path: `${SHOTS}/export-1366.png` });
    await page.getByTestId('meter-data-export-close').click();
    await page.getByTestId('meter-data-export-dialog').waitFor({ state: 'hidden' });

    // The same rows as a workbook: an .xlsx (a zip) under the job's name.
    const workbook = page.waitForEvent('download');
    await page.getByTestId('meter-data-export-xlsx').click();
    const xlsx = await workbook;
    expect(xlsx.suggestedFilename()).toMatch(/^M011_kwh_.+\.xlsx$/);
    expect(
      readFileSync((await xlsx.path())!)
        .subarray(0, 2)
        .toString('latin1'),
    ).toBe('PK');
    await page.getByTestId('meter-data-export-done').getByText(`Saved as ${xlsx.suggestedFilename()}`).waitFor();
    expect(pageErrors()).toEqual([]);
  });
});
